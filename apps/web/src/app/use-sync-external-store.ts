// What use-sync-external-store/shim gives under React 18 and later: React's own hook.
// vite.config.ts (reactSyncExternalStore) points react-i18next's import of the shim here.
export { useSyncExternalStore } from 'react';
