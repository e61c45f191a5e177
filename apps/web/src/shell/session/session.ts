// The login as the browser keeps it (docs/rules.md, "Entities" and "States and transitions"): access token, refresh token,
// expiry and issue time in local storage. This module owns that state: everything that reads or
// changes it goes through here, other tabs hear of changes (BroadcastChannel 'hashpool-session'
// and the storage event), and React re-renders through the hooks below. Refreshing (the network
// side) lives in shell/api/session-refresh.ts.
import { useSyncExternalStore } from 'react';
import type { StoredSession } from '../api/refresh-rules';
import { changeSignal } from '../../ui/change-signal';
import { readStorage, removeStorage, SESSION_KEYS, STORAGE_KEYS, writeStorage } from '../storage-keys';

export const SESSION_CHANNEL = 'hashpool-session';

/**
 * What tabs tell each other. The tokens travel along, but a receiving tab never writes them:
 * storage is the one truth, and a late message must not put back a refresh token already spent.
 */
type SessionMessage = { type: 'login' | 'refresh'; session: StoredSession } | { type: 'logout' } | { type: 'account' };

const sessionChanges = changeSignal();

/**
 * Counts logins and logouts seen by this tab, not refreshes. Data of "the logged-in user" is
 * keyed by it: a refresh every few minutes keeps pages and their data as they are, a new login
 * (perhaps of another user in another tab) starts afresh.
 */
let epoch = 0;

const channel: BroadcastChannel | null = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL);

function broadcast(message: SessionMessage): void {
  try {
    channel?.postMessage(message);
  } catch {
    // A closed channel (page unloading): the storage event still tells the other tabs.
  }
}

/** Another tab switched the current sub-account (the server keeps one per user). */
const accountSwitches = changeSignal();

if (channel) {
  channel.onmessage = (event: MessageEvent<SessionMessage>) => {
    if (event.data?.type === 'account') return accountSwitches.notify();
    if (event.data?.type === 'login' || event.data?.type === 'logout') epoch++;
    sessionChanges.notify();
  };
}

/**
 * Tells the other tabs that this one switched the current sub-account: the server answers every
 * tab's calls for the one current sub-account, so a tab still showing the old one would show the
 * new one's balances under the old name, and move money from it.
 */
export function announceAccountSwitch(): void {
  broadcast({ type: 'account' });
}

/** Calls `listener` when another tab switched the current sub-account. */
export function subscribeAccountSwitch(listener: () => void): () => void {
  return accountSwitches.subscribe(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && !(SESSION_KEYS as readonly string[]).includes(event.key)) return;
    // Without BroadcastChannel the storage event is all we hear: a token appearing or going is a
    // login or logout.
    if (!channel && (event.key === null || event.key === STORAGE_KEYS.token) && (event.oldValue === null) !== (event.newValue === null)) epoch++;
    sessionChanges.notify();
  });
}

function readNumber(key: (typeof SESSION_KEYS)[number]): number | null {
  const raw = readStorage(key);
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function getAccessToken(): string | null {
  return readStorage(STORAGE_KEYS.token);
}

export function readSession(): StoredSession | null {
  const token = getAccessToken();
  if (!token) return null;
  return {
    token,
    refreshToken: readStorage(STORAGE_KEYS.refreshToken),
    expiry: readNumber(STORAGE_KEYS.tokenExpiry),
    issuedAt: readNumber(STORAGE_KEYS.tokenIssuedAt),
  };
}

/** Stores tokens from a login (a new session) or a refresh (the same one, renewed) and tells the other tabs. */
export function writeSession(session: StoredSession, reason: 'login' | 'refresh'): void {
  writeStorage(STORAGE_KEYS.token, session.token);
  if (session.refreshToken) writeStorage(STORAGE_KEYS.refreshToken, session.refreshToken);
  else removeStorage(STORAGE_KEYS.refreshToken);
  if (session.expiry !== null) writeStorage(STORAGE_KEYS.tokenExpiry, String(session.expiry));
  if (session.issuedAt !== null) writeStorage(STORAGE_KEYS.tokenIssuedAt, String(session.issuedAt));
  if (reason === 'login') epoch++;
  broadcast({ type: reason, session });
  sessionChanges.notify();
}

export function clearSession(): void {
  const had = getAccessToken() !== null;
  for (const key of SESSION_KEYS) removeStorage(key);
  if (had) {
    epoch++;
    broadcast({ type: 'logout' });
  }
  sessionChanges.notify();
}

/**
 * Where a deliberate login or logout goes next (routing-rules Viewer.returnTo): set just before
 * the session starts or ends; the guard forwards there and clears it on arrival. Navigating from
 * the screen itself would lose the race: React Router moves in a transition, the session change
 * renders at once, and the guard would first bounce the still-visible screen (a guest screen to
 * the flagged home, a gated page to /login).
 */
let nextDestination: string | null = null;

export function setNextDestination(path: string | null): void {
  nextDestination = path;
}

export function getNextDestination(): string | null {
  return nextDestination;
}

/** How the app leaves for the login screen; the router registers it (SessionKeeper). */
let toLogin: (() => void) | null = null;

export function setLoginNavigator(navigate: (() => void) | null): void {
  toLogin = navigate;
}

/** The session is over (refresh refused, user info refused): forget it and go to /login. */
export function endSession(): void {
  clearSession();
  if (toLogin) toLogin();
  else window.location.assign('/login');
}

export function subscribeSession(listener: () => void): () => void {
  return sessionChanges.subscribe(listener);
}

/** The current access token, re-rendering when it appears, changes or goes (in this tab or another). */
export function useAccessToken(): string | null {
  return useSyncExternalStore(sessionChanges.subscribe, getAccessToken, () => null);
}

export function getSessionEpoch(): number {
  return epoch;
}

/** Changes on every login and logout (here or in another tab), not on refreshes. */
export function useSessionEpoch(): number {
  return useSyncExternalStore(sessionChanges.subscribe, getSessionEpoch, () => 0);
}
