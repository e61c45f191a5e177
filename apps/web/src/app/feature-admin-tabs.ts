// Every feature's operators' tabs: the default export of features/<name>/admin-tabs.ts, in order
// (a lazy chunk, loaded with the operators' area: feature-extensions.ts). One chunk reaches every
// tab, as one page did before the tabs were the features' own.
import type { AdminTabDef } from '../shell/features/feature';
import { composeAdminTabs } from '../shell/features/extensions';
import { byFeature } from './feature-files';

export const ADMIN_TABS = composeAdminTabs(byFeature(import.meta.glob<readonly AdminTabDef[]>('../features/*/admin-tabs.ts', { eager: true, import: 'default' })));
