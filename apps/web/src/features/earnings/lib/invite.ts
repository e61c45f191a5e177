// The referral programme's wording helpers (/user/invite and /activity/invite): the registration
// link of a code, the reward rate in the reader's language, and when rewards are released (docs/rules.md,
// Limits and constants: daily at 09:50 UTC+8, i.e. 01:50 UTC of the day after the settled UTC day).
import { addDays, formatDateTime, REFERRAL_RELEASE_UTC8, REFERRAL_RELEASE_UTC_MINUTES, utcDay } from '@hashpool/shared';

/**
 * Where an invitation link leads. The register screens are /register/email and /register/phone
 * (a bare /register is not a route and would send the visitor home, losing the code); both read
 * ?invite= and keep it when the visitor switches between email and phone.
 */
export const REGISTER_PATH = '/register/email';
export const USER_INVITE_PATH = '/user/invite';

/** The link a user shares: the register screen with their code filled in. */
export function inviteLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}${REGISTER_PATH}?invite=${encodeURIComponent(code)}`;
}

/** The release moment as the programme states it, "09:50 UTC+8". */
export const RELEASE_LABEL = `${REFERRAL_RELEASE_UTC8} UTC+8`;

/**
 * A percent figure such as the API's rate_percent ("0.2") in the reader's language: "0.2%",
 * "0,2 %" in Russian. Up to four decimals, so no rate is rounded away.
 */
export function formatPercent(percent: string, language: string): string {
  const value = Number(percent);
  if (!Number.isFinite(value)) return `${percent}%`;
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 6 }).format(value / 100);
}

/** When the rewards of the settled UTC day `day` are released. */
export function releaseTime(day: string): Date {
  return new Date(Date.parse(`${addDays(day, 1)}T00:00:00Z`) + REFERRAL_RELEASE_UTC_MINUTES * 60_000);
}

/** The next release after `now` and the UTC day whose rewards it releases. */
export function nextRelease(now: Date): { at: Date; day: string } {
  const yesterday = addDays(utcDay(now), -1);
  const day = now < releaseTime(yesterday) ? yesterday : utcDay(now);
  return { at: releaseTime(day), day };
}

/** The daily release time in the user's timezone, "HH:mm": 09:50 in UTC+08:00, 01:50 in UTC, 20:50 in UTC-05:00. */
export function releaseClockIn(timezone: string | null | undefined): string {
  return formatDateTime(releaseTime('2000-01-01'), timezone, 'HH:mm');
}

/** Where the programme page's call to action leads: the user's own invitation page, or registering. */
export function inviteCallToAction(viewer: { loggedIn: boolean; mayInvite: boolean }): string | null {
  if (!viewer.loggedIn) return REGISTER_PATH;
  return viewer.mayInvite ? USER_INVITE_PATH : null;
}
