// The token-refresh rules (docs/rules.md, States and transitions) as pure functions, unit-tested without a browser
// (apps/web/test/refresh-rules.test.ts). The modules that touch timers, storage, locks and the
// network (session-refresh.ts, refresh-lock.ts) only apply their answers.
import type { Tokens } from '@hashpool/shared';

/** A login as the browser keeps it. Times are milliseconds since the epoch on the local clock. */
export interface StoredSession {
  token: string;
  /** null for a session stored without one: it can only end, never be refreshed. */
  refreshToken: string | null;
  /** When the access token expires; null for a session stored without it. */
  expiry: number | null;
  /** When this browser received the access token; null for a session stored without it. */
  issuedAt: number | null;
}

/**
 * Expiry and issue time both come from the local clock at the moment the tokens arrived, so a
 * browser whose clock is off by hours still refreshes at the right moment.
 */
export function sessionFromTokens(tokens: Pick<Tokens, 'token' | 'refresh_token' | 'expires_in'>, receivedAt: number): StoredSession {
  return { token: tokens.token, refreshToken: tokens.refresh_token, expiry: receivedAt + tokens.expires_in * 1000, issuedAt: receivedAt };
}

/**
 * docs/rules.md, States and transitions: refresh when the remaining lifetime is above zero and under half of the time
 * since login. With lifetime L that is the last third of it: from 2L/3 after issue until expiry.
 * An expired token is not refreshed here: the server answers 40001 and token-expiry.ts refreshes
 * and reloads. Without both times (an older stored session) the rule cannot apply.
 */
export function shouldRefresh(session: Pick<StoredSession, 'expiry' | 'issuedAt'>, now: number): boolean {
  if (session.expiry === null || session.issuedAt === null) return false;
  const remaining = session.expiry - now;
  const sinceLogin = now - session.issuedAt;
  return remaining > 0 && remaining < sinceLogin / 2;
}

/** The first moment shouldRefresh holds: remaining < elapsed / 2 solved for now. */
export function refreshDueAt(session: Pick<StoredSession, 'expiry' | 'issuedAt'>): number | null {
  if (session.expiry === null || session.issuedAt === null || session.expiry <= session.issuedAt) return null;
  return session.issuedAt + ((session.expiry - session.issuedAt) * 2) / 3;
}

/** Bounds of the refresh timer: never busier than this, never blind for longer than that. */
export const TIMER_MIN_MS = 1_000;
export const TIMER_MAX_MS = 60_000;
/** After a refresh that failed for a passing reason (no network), try again this much later. */
export const RETRY_AFTER_TRANSIENT_MS = 5_000;

/**
 * How long the timer sleeps before looking again. Just past the due moment (the rule is a strict
 * inequality); at most a minute, so a laptop waking from sleep or a changed clock is noticed.
 * null: nothing to watch (no session, or an expired token that only the server can judge now).
 */
export function nextCheckDelay(session: Pick<StoredSession, 'expiry' | 'issuedAt'> | null, now: number): number | null {
  if (!session) return null;
  const due = refreshDueAt(session);
  if (due === null || session.expiry === null || now >= session.expiry) return null;
  const delay = Math.ceil(due + 50 - now);
  return Math.min(TIMER_MAX_MS, Math.max(TIMER_MIN_MS, delay));
}

/**
 * Inside the cross-tab lock, before spending the refresh token. `startedWith` is the refresh token
 * this tab saw when it decided to refresh; `stored` is the one in storage now. If they differ,
 * another tab refreshed meanwhile and its tokens are already in storage: spending ours again would
 * be a reuse, which the server treats as theft and answers by ending the whole login.
 */
export type LockedDecision = 'refresh' | 'adopt' | 'gone';

export function decideInsideLock(startedWith: string, stored: string | null): LockedDecision {
  if (stored === null) return 'gone'; // Logged out (here or in another tab) meanwhile.
  return stored === startedWith ? 'refresh' : 'adopt';
}

/**
 * The localStorage lock, for browsers without navigator.locks (insecure origins). Its value is
 * "<owner>:<expires ms>"; an expired lock is free, so a tab closed mid-refresh blocks the others
 * for at most the lock's lifetime.
 */
export interface StorageLock {
  owner: string;
  expiresAt: number;
}

export function encodeLock(lock: StorageLock): string {
  return `${lock.owner}:${lock.expiresAt}`;
}

export function parseLock(raw: string | null): StorageLock | null {
  if (!raw) return null;
  const at = raw.lastIndexOf(':');
  if (at <= 0) return null;
  const expiresAt = Number(raw.slice(at + 1));
  return Number.isFinite(expiresAt) ? { owner: raw.slice(0, at), expiresAt } : null;
}

/** Free: nobody holds it, it has expired, or it is unreadable (a broken value must not block forever). */
export function lockIsFree(raw: string | null, now: number): boolean {
  const lock = parseLock(raw);
  return lock === null || lock.expiresAt <= now;
}

export function lockHeldBy(raw: string | null, owner: string, now: number): boolean {
  const lock = parseLock(raw);
  return lock !== null && lock.owner === owner && lock.expiresAt > now;
}
