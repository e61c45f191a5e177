// Keeping the login alive in this browser (docs/rules.md, States and transitions): the refresher of refresher.ts wired
// to local storage, the cross-tab lock and the API, plus the timer that refreshes in the last third
// of the token's life. Before each API call client.ts asks refresher.ensureFresh(); a refused
// refresh ends the session and goes to /login (shell/session/session.ts endSession).
import type { Tokens } from '@hashpool/shared';
import { endSession, readSession, subscribeSession, writeSession } from '../session/session';
import { STORAGE_KEYS } from '../storage-keys';
import { withRefreshLock } from './refresh-lock';
import { createRefresher } from './refresher';
import { nextCheckDelay, RETRY_AFTER_TRANSIENT_MS, shouldRefresh } from './refresh-rules';
import { send } from './transport';

export type { RefreshOutcome } from './refresher';

export const refresher = createRefresher({
  read: readSession,
  store: (session) => writeSession(session, 'refresh'),
  end: endSession,
  // Straight to the transport: no bearer (the route is public), no refresh check before it.
  request: (refreshToken) => send<Tokens>('POST', '/users/refresh/login', { body: { refresh_token: refreshToken } }),
  withLock: (fn) => withRefreshLock(fn, STORAGE_KEYS.refreshLock),
  // A change may be announced (BroadcastChannel) before the stored value arrives: each is checked.
  waitFor: (done, ms) =>
    new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timeout);
        unsubscribe();
        resolve();
      };
      const timeout = setTimeout(finish, ms);
      const unsubscribe = subscribeSession(() => done() && finish());
      if (done()) finish();
    }),
  now: Date.now,
});

let timer: ReturnType<typeof setTimeout> | undefined;
let keeperStarted = false;

function schedule(delay: number | null): void {
  clearTimeout(timer);
  timer = delay === null ? undefined : setTimeout(() => void tick(), delay);
}

async function tick(): Promise<void> {
  const session = readSession();
  if (session && shouldRefresh(session, Date.now())) {
    const outcome = await refresher.refresh();
    if (outcome === 'transient') return schedule(RETRY_AFTER_TRANSIENT_MS);
  }
  schedule(nextCheckDelay(readSession(), Date.now()));
}

/**
 * The timer half of the rule: wakes when the token enters its last third. Re-planned whenever
 * the session changes (here or in another tab) and when a hidden tab comes back, because
 * browsers slow down timers of background tabs.
 */
export function startSessionKeeper(): void {
  if (keeperStarted) return;
  keeperStarted = true;
  subscribeSession(() => schedule(nextCheckDelay(readSession(), Date.now())));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void tick();
  });
  void tick();
}
