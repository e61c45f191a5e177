// One refresh at a time across all tabs of this site (docs/rules.md, States and transitions). The server treats a
// refresh token shown twice as stolen and ends the whole login, so two tabs must never spend the
// same one. navigator.locks does this exactly where it exists (secure contexts); elsewhere a
// localStorage lock with a short lifetime stands in: write, let racing writes land, read back.
import { API_TIMEOUT_MS } from './limits';
import { encodeLock, lockHeldBy, lockIsFree } from './refresh-rules';

export const REFRESH_LOCK_NAME = 'hashpool-refresh';

/** Longer than one refresh call may take (its time-out), so a live holder never loses it. */
export const STORAGE_LOCK_TTL_MS = API_TIMEOUT_MS + 5_000;
/** Time for a write by another tab to become visible before we trust our own read-back. */
const SETTLE_MS = 40;
const POLL_MS = 100;

/** The part of localStorage the lock uses; a parameter so the unit tests can share a fake one. */
export interface LockStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function randomOwner(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Runs `fn` holding the storage lock `key`, telling it whether another tab held the lock first.
 * Waits for a holder at most one lock lifetime (after which the lock has expired anyway). The
 * caller still re-reads the refresh token inside, so even a lost race cannot spend one token twice
 * unless two tabs also read it before either wrote.
 */
export async function withStorageLock<T>(storage: LockStorage, key: string, fn: (waited: boolean) => Promise<T>, now: () => number = Date.now): Promise<T> {
  const owner = randomOwner();
  const giveUpAt = now() + STORAGE_LOCK_TTL_MS;
  let waited = false;
  for (;;) {
    if (lockIsFree(storage.getItem(key), now())) {
      storage.setItem(key, encodeLock({ owner, expiresAt: now() + STORAGE_LOCK_TTL_MS }));
      await sleep(SETTLE_MS);
      if (lockHeldBy(storage.getItem(key), owner, now())) break;
    }
    if (now() > giveUpAt) break;
    waited = true;
    await sleep(POLL_MS + Math.random() * POLL_MS); // Jitter: two waiting tabs do not retry in step.
  }
  try {
    return await fn(waited);
  } finally {
    if (lockHeldBy(storage.getItem(key), owner, now())) storage.removeItem(key);
  }
}

function browserStorage(): LockStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // Storage disabled: there is no other tab sharing our tokens either.
  }
}

export function withRefreshLock<T>(fn: (waited: boolean) => Promise<T>, storageKey: string): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    const locks = navigator.locks;
    // Free: run at once. Held: queue for it, and say so (the holder may have just refreshed).
    return locks.request(REFRESH_LOCK_NAME, { ifAvailable: true }, (lock) => (lock ? fn(false) : locks.request(REFRESH_LOCK_NAME, () => fn(true))));
  }
  const storage = browserStorage();
  return storage ? withStorageLock(storage, storageKey, fn) : fn(false);
}
