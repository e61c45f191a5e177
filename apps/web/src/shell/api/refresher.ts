// The refresh orchestration (docs/rules.md, States and transitions) over injected dependencies (storage, lock,
// network, clock): one refresh at a time in a tab (one shared promise), the refresh token re-read
// inside the cross-tab lock, a refused refresh ends the session, a passing failure keeps it. No
// browser APIs here, so the unit tests run two "tabs" against one fake storage and a fake server
// that punishes a reused refresh token (apps/web/test/refresher.test.ts).
import type { Tokens } from '@hashpool/shared';
import { ApiError } from './api-error';
import { decideInsideLock, sessionFromTokens, shouldRefresh, type StoredSession } from './refresh-rules';

/**
 * refreshed: new tokens are in storage (ours or another tab's). gone: there is no session (any
 * more). failed: the server refused; the session has been ended. transient: no answer or a
 * passing server trouble; the session is kept and the next check tries again.
 */
export type RefreshOutcome = 'refreshed' | 'gone' | 'failed' | 'transient';

export interface RefreshDeps {
  read(): StoredSession | null;
  /** Stores refreshed tokens and tells the other tabs. */
  store(session: StoredSession): void;
  /** Forgets the session and leaves for /login. */
  end(): void;
  /** POST /users/refresh/login. */
  request(refreshToken: string): Promise<Pick<Tokens, 'token' | 'refresh_token' | 'expires_in'>>;
  /** Runs `fn` holding the cross-tab lock; `waited` says another tab held it when we asked. */
  withLock<T>(fn: (waited: boolean) => Promise<T>): Promise<T>;
  /** Resolves once `done()` holds, checked at every change of the stored session (here or in another tab), or after `ms`. */
  waitFor(done: () => boolean, ms: number): Promise<void>;
  now(): number;
}

/**
 * How long a tab that waited for the lock gives the previous holder's stored tokens to reach it.
 * The lock and localStorage travel separately between a browser's processes: the lock can be
 * granted before the other tab's write is visible here, and spending the old refresh token then
 * would be a reuse, which ends the whole login (seen once in session.spec's two-tab test: two
 * refresh calls). Writes arrive within milliseconds; a holder that did not refresh costs this once.
 */
export const STORAGE_SETTLE_MS = 300;

/** No answer, or an answer that says "not now" rather than "no": keep the session and retry. */
export function isTransientFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind !== 'server') return true; // network, timeout, a proxy's error page
  return error.status === 429 || error.status >= 500;
}

export interface Refresher {
  /** Refreshes now (or joins the refresh under way). */
  refresh(): Promise<RefreshOutcome>;
  /** Refreshes if the rule says it is time; the check made before each API call. */
  ensureFresh(): Promise<void>;
}

export function createRefresher(deps: RefreshDeps): Refresher {
  let inflight: Promise<RefreshOutcome> | null = null;

  async function run(startedWith: string): Promise<RefreshOutcome> {
    return deps.withLock(async (waited) => {
      // Re-read inside the lock: another tab may have refreshed while we waited for it.
      let stored = deps.read();
      if (waited && stored?.refreshToken === startedWith) {
        await deps.waitFor(() => deps.read()?.refreshToken !== startedWith, STORAGE_SETTLE_MS);
        stored = deps.read();
      }
      const decision = decideInsideLock(startedWith, stored?.refreshToken ?? null);
      if (decision === 'gone' || !stored?.refreshToken) return 'gone';
      if (decision === 'adopt') return 'refreshed';
      try {
        const tokens = await deps.request(stored.refreshToken);
        deps.store(sessionFromTokens(tokens, deps.now()));
        return 'refreshed';
      } catch (error) {
        if (isTransientFailure(error)) return 'transient';
        deps.end();
        return 'failed';
      }
    });
  }

  function refresh(): Promise<RefreshOutcome> {
    if (inflight) return inflight;
    const startedWith = deps.read()?.refreshToken ?? null;
    if (!startedWith) return Promise.resolve('gone');
    inflight = run(startedWith).finally(() => {
      inflight = null;
    });
    return inflight;
  }

  async function ensureFresh(): Promise<void> {
    if (inflight) {
      await inflight;
      return;
    }
    const session = deps.read();
    if (session && shouldRefresh(session, deps.now())) await refresh();
  }

  return { refresh, ensureFresh };
}
