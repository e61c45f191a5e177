// An expired access token (HTTP 400, code 40001; docs/rules.md, States and transitions): refresh, then reload the page
// so every call and every piece of state starts again with the new token. Without a refresh token
// the user is logged out. A refused refresh has already ended the session (session-refresh.ts).
// client.ts loads this module (and the refresher, exported here for it) with its first call made with a session.
import { clearSession, readSession } from '../session/session';
import type { ApiError } from './api-error';
import { refresher } from './session-refresh';

export { refresher };

/** sessionStorage: a reload for 40001 that comes straight back to 40001 must not loop. */
const RELOADED_AT = 'hashpool:token-reload-at';
const LOOP_WINDOW_MS = 5_000;

function reloadedJustNow(): boolean {
  try {
    const at = Number(sessionStorage.getItem(RELOADED_AT));
    return Number.isFinite(at) && Date.now() - at < LOOP_WINDOW_MS;
  } catch {
    return false;
  }
}

function reload(reloadPage: () => void): Promise<never> {
  try {
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    // Without sessionStorage the loop guard is off; the reload still has to happen.
  }
  reloadPage();
  return new Promise<never>(() => undefined); // The page is going away; the caller waits for nothing.
}

/**
 * `usedToken` is the access token the refused request carried. If storage already holds another,
 * this tab or another one refreshed meanwhile and only the reload is left to do. Returns (and the
 * caller shows the error) only when no reload happens.
 */
export async function handleTokenExpired(_error: ApiError, usedToken: string | null, reloadPage = () => window.location.reload()): Promise<void> {
  const session = readSession();
  if (!session) return;
  // Asked with a token that is no longer the stored one: another call of this page (or another
  // tab) has refreshed, and the reload may already be under way. Never a loop, even just after a
  // reload: a page's first calls often meet 40001 together, and one answered after the first had
  // refreshed and started the reload used to end the session here (the likely cause of an
  // end-to-end test found back on /login after its refresh in a CI run of 30 November).
  if (session.token !== usedToken) return reload(reloadPage);
  if (!session.refreshToken) {
    clearSession();
    return;
  }
  if (reloadedJustNow()) {
    // The token this reload started with was refused at once: something is wrong beyond
    // refreshing. Start over.
    clearSession();
    return;
  }
  const outcome = await refresher.refresh();
  if (outcome === 'refreshed') return reload(reloadPage);
  // gone or failed: the session has ended; transient: no new token, the call simply failed.
}
