// The refresh-timing rule of docs/rules.md, States and transitions ("remaining lifetime above zero and under half of
// the time since login") and the pure parts of the cross-tab lock.
import { describe, expect, it } from 'vitest';
import {
  decideInsideLock,
  encodeLock,
  lockHeldBy,
  lockIsFree,
  nextCheckDelay,
  parseLock,
  refreshDueAt,
  sessionFromTokens,
  shouldRefresh,
  TIMER_MAX_MS,
  TIMER_MIN_MS,
} from '../src/shell/api/refresh-rules';

const T0 = 1_800_000_000_000;
/** A token received at T0 that lives `seconds`. */
const session = (seconds: number) => ({ issuedAt: T0, expiry: T0 + seconds * 1000 });

describe('shouldRefresh', () => {
  it('waits while more than half of the time since login remains', () => {
    const s = session(900);
    expect(shouldRefresh(s, T0)).toBe(false);
    expect(shouldRefresh(s, T0 + 300_000)).toBe(false); // 600 s left, 300 s since login
    expect(shouldRefresh(s, T0 + 599_999)).toBe(false); // 300.001 s left > 299.9995 s
  });

  it('refreshes once remaining < since-login / 2: the last third of the lifetime', () => {
    const s = session(900);
    // At exactly 2/3 (600 s in, 300 s left) the two are equal: not yet (strictly under).
    expect(shouldRefresh(s, T0 + 600_000)).toBe(false);
    expect(shouldRefresh(s, T0 + 600_001)).toBe(true);
    expect(shouldRefresh(s, T0 + 899_999)).toBe(true);
  });

  it('leaves an expired token to the server (40001 then refresh and reload)', () => {
    const s = session(900);
    expect(shouldRefresh(s, T0 + 900_000)).toBe(false);
    expect(shouldRefresh(s, T0 + 3_600_000)).toBe(false);
  });

  it('cannot apply without both times (a session stored by an older build)', () => {
    expect(shouldRefresh({ issuedAt: null, expiry: T0 + 1000 }, T0 + 900)).toBe(false);
    expect(shouldRefresh({ issuedAt: T0, expiry: null }, T0 + 900)).toBe(false);
  });

  it('works for the 40-second tokens of the end-to-end tests', () => {
    const s = session(40);
    expect(shouldRefresh(s, T0 + 26_000)).toBe(false);
    expect(shouldRefresh(s, T0 + 27_000)).toBe(true);
  });
});

describe('refresh timer', () => {
  it('is due at two thirds of the lifetime', () => {
    expect(refreshDueAt(session(900))).toBe(T0 + 600_000);
    expect(refreshDueAt({ issuedAt: T0, expiry: T0 })).toBeNull();
    expect(refreshDueAt({ issuedAt: null, expiry: T0 })).toBeNull();
  });

  it('sleeps until just after the due moment, within its bounds', () => {
    const s = session(40);
    expect(nextCheckDelay(s, T0)).toBe(26_717); // 26 666.67 + 50
    expect(shouldRefresh(s, T0 + 26_717)).toBe(true);
    expect(nextCheckDelay(session(900), T0)).toBe(TIMER_MAX_MS);
    expect(nextCheckDelay(s, T0 + 30_000)).toBe(TIMER_MIN_MS); // due already: look again soon
  });

  it('has nothing to watch without a session or with an expired token', () => {
    expect(nextCheckDelay(null, T0)).toBeNull();
    expect(nextCheckDelay(session(40), T0 + 40_000)).toBeNull();
  });

  it('takes both times from the local clock at arrival, not from the server', () => {
    expect(sessionFromTokens({ token: 'a', refresh_token: 'r', expires_in: 900 }, T0)).toEqual({ token: 'a', refreshToken: 'r', issuedAt: T0, expiry: T0 + 900_000 });
  });
});

describe('inside the cross-tab lock', () => {
  it('refreshes only with the refresh token it set out with', () => {
    expect(decideInsideLock('r1', 'r1')).toBe('refresh');
  });

  it('adopts the tokens another tab stored meanwhile instead of spending a spent token', () => {
    expect(decideInsideLock('r1', 'r2')).toBe('adopt');
  });

  it('stops when the session was ended meanwhile', () => {
    expect(decideInsideLock('r1', null)).toBe('gone');
  });
});

describe('localStorage lock value', () => {
  it('round-trips owner and expiry', () => {
    expect(parseLock(encodeLock({ owner: 'tab-a', expiresAt: T0 }))).toEqual({ owner: 'tab-a', expiresAt: T0 });
    expect(parseLock(null)).toBeNull();
    expect(parseLock('garbage')).toBeNull();
    expect(parseLock('tab:notanumber')).toBeNull();
  });

  it('is free when absent, expired or unreadable; held only by its owner until expiry', () => {
    const raw = encodeLock({ owner: 'tab-a', expiresAt: T0 + 1000 });
    expect(lockIsFree(null, T0)).toBe(true);
    expect(lockIsFree('garbage', T0)).toBe(true);
    expect(lockIsFree(raw, T0)).toBe(false);
    expect(lockIsFree(raw, T0 + 1000)).toBe(true);
    expect(lockHeldBy(raw, 'tab-a', T0)).toBe(true);
    expect(lockHeldBy(raw, 'tab-b', T0)).toBe(false);
    expect(lockHeldBy(raw, 'tab-a', T0 + 1000)).toBe(false);
  });
});
