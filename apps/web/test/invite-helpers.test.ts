// The referral programme's helpers (features/earnings/lib/invite.ts): the shared link, the rate
// in each language, and the 09:50 UTC+8 release.
import { describe, expect, it } from 'vitest';
import { REFERRAL_RATE_PERCENT } from '@hashpool/shared';
import { formatPercent, inviteCallToAction, inviteLink, nextRelease, RELEASE_LABEL, releaseClockIn, releaseTime } from '../src/features/earnings/lib/invite';
import { decideRoute } from '../src/shell/routing/routing-rules';
import { ROUTE_TABLE } from '../src/app/routes';

describe('invitation link', () => {
  it('leads to the register screen with the code, whatever the origin ends with', () => {
    expect(inviteLink('https://pool.example', 'AB12CD34')).toBe('https://pool.example/register/email?invite=AB12CD34');
    expect(inviteLink('http://localhost:8080/', 'AB12CD34')).toBe('http://localhost:8080/register/email?invite=AB12CD34');
    expect(inviteLink('https://pool.example', 'a b&c')).toBe('https://pool.example/register/email?invite=a%20b%26c');
  });

  it('is a route an anonymous visitor may open, keeping the code', () => {
    const url = new URL(inviteLink('http://local', 'AB12CD34'));
    expect(decideRoute({ pathname: url.pathname, search: url.search }, { loggedIn: false, permissions: [] }, ROUTE_TABLE)).toMatchObject({ kind: 'render' });
    expect(url.searchParams.get('invite')).toBe('AB12CD34');
  });
});

describe('reward rate', () => {
  it('is the programme rate of docs/rules.md, written in the reader language', () => {
    expect(REFERRAL_RATE_PERCENT).toBe('0.2');
    expect(formatPercent('0.2', 'en')).toBe('0.2%');
    expect(formatPercent('0.2', 'zh-CN')).toBe('0.2%');
    expect(formatPercent('0.2', 'ru-RU')).toMatch(/^0,2\s%$/);
    expect(formatPercent('0.25', 'ja')).toBe('0.25%');
    expect(formatPercent('not a number', 'en')).toBe('not a number%');
  });
});

describe('release at 09:50 UTC+8', () => {
  it('releases a settled day at 01:50 UTC of the next day', () => {
    expect(RELEASE_LABEL).toBe('09:50 UTC+8');
    expect(releaseTime('2026-06-01').toISOString()).toBe('2026-06-02T01:50:00.000Z');
    expect(releaseTime('2026-12-31').toISOString()).toBe('2027-01-01T01:50:00.000Z');
  });

  it('names the next release and its day', () => {
    expect(nextRelease(new Date('2026-06-02T01:49:59Z'))).toEqual({ at: new Date('2026-06-02T01:50:00Z'), day: '2026-06-01' });
    expect(nextRelease(new Date('2026-06-02T01:50:00Z'))).toEqual({ at: new Date('2026-06-03T01:50:00Z'), day: '2026-06-02' });
    expect(nextRelease(new Date('2026-06-02T23:59:00Z'))).toEqual({ at: new Date('2026-06-03T01:50:00Z'), day: '2026-06-02' });
  });

  it('shows the daily release time in the user timezone', () => {
    expect(releaseClockIn('UTC+08:00')).toBe('09:50');
    expect(releaseClockIn('UTC+00:00')).toBe('01:50');
    expect(releaseClockIn('UTC-05:00')).toBe('20:50');
    expect(releaseClockIn('UTC+05:30')).toBe('07:20');
    expect(releaseClockIn(null)).toBe('01:50');
  });
});

describe('call to action of /activity/invite', () => {
  it('sends visitors to register and users to their invitations', () => {
    expect(inviteCallToAction({ loggedIn: false, mayInvite: false })).toBe('/register/email');
    expect(inviteCallToAction({ loggedIn: true, mayInvite: true })).toBe('/user/invite');
    expect(inviteCallToAction({ loggedIn: true, mayInvite: false })).toBeNull();
  });
});
