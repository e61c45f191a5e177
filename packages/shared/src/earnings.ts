// Payout methods (docs/rules.md, States and transitions): which methods there are, the
// default, and the switching rule both sides apply. The server enforces the rule; the web uses the
// same functions to say, before the user confirms, from which settlement day a switch applies.
//
// The rule, precisely:
// - Earnings are settled per UTC day: the run at 00:00 UTC of day D+1 settles the work of day D
//   (00:00:00.000 to 23:59:59.999 UTC of D). That day D is the "settlement day".
// - A switch made at any moment of UTC day D applies from settlement day D+1: the work of the day
//   the switch is made is still paid by the method in force when the day began. A day's work is
//   therefore never split between two methods, and a switch made late in a day cannot pick the
//   better method for that day after its blocks are known. The first settlement that uses the
//   new method runs at 00:00 UTC of D+2.
// - After a switch, no other switch is accepted until 24 hours have passed (from the switch's
//   instant: switched at 2026-06-01 13:00 UTC, the next one is accepted from 2026-06-02 13:00:00
//   UTC on). Choosing the method already chosen is not a switch and changes nothing.
// - A sub-account that never chose has the default method (FPPS) on every day.

export const PAY_METHODS = ['pps_plus', 'fpps', 'pplns', 'solo'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/** Names are the industry's own and are not translated. */
export const PAY_METHOD_LABELS: Record<PayMethod, string> = { pps_plus: 'PPS+', fpps: 'FPPS', pplns: 'PPLNS', solo: 'SOLO' };

/** A sub-account that never chose a method is paid by this one (the fee GET /pools shows is its fee). */
export const DEFAULT_PAY_METHOD: PayMethod = 'fpps';

/** docs/rules.md, Limits and constants: the payout method change interval. */
export const PAY_METHOD_SWITCH_HOURS = 24;
export const PAY_METHOD_SWITCH_MS = PAY_METHOD_SWITCH_HOURS * 3600_000;

/** docs/rules.md, Limits and constants: the SOLO fee label, percent (the seeded SOLO fee rate). */
export const SOLO_FEE_PERCENT = '0.5';

/**
 * docs/rules.md, Limits and constants: the invitation reward, percent of the invitees' mining earnings of a
 * settled day, paid by the pool (GET /invite answers it as rate_percent). The server's
 * The server (referral.service.ts) pays this share and releases at this time.
 */
export const REFERRAL_RATE_PERCENT = '0.2';

/** docs/rules.md, Limits and constants: a day's invitation rewards are released at 09:50 UTC+8 (01:50 UTC) the next day. */
export const REFERRAL_RELEASE_UTC8 = '09:50';
export const REFERRAL_RELEASE_UTC_MINUTES = 1 * 60 + 50;

/**
 * PPLNS window: the pool's last accepted work before a block, as a multiple of the block's
 * expected work (network difficulty x hashes per difficulty). "N = 2 x D x k" on the profit page.
 */
export const PPLNS_WINDOW_FACTOR = 2;

export const isPayMethod = (value: string): value is PayMethod => (PAY_METHODS as readonly string[]).includes(value);

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC day of an instant, "YYYY-MM-DD". */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** A real calendar day written "YYYY-MM-DD" (not 2026-02-30). */
export function isUtcDay(day: string): boolean {
  const m = DAY.exec(day);
  if (!m) return false;
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && utcDay(at) === day;
}

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
}

/** 00:00 UTC of a day. */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** The first settlement day a switch made at `switchedAt` applies to: the next UTC day. */
export function payMethodEffectiveDay(switchedAt: Date): string {
  return addDays(utcDay(switchedAt), 1);
}

/** Shares older than this (by the time a stratum checked them) are refused: their buckets are closed. */
export const MAX_SHARE_AGE_MS = 60 * 60_000;
/**
 * How long after a moment its work is settled. A stratum's outbox holds shares through an outage
 * of the pool, so they reach it up to MAX_SHARE_AGE_MS late; 5 minutes more for the last flush.
 * A settlement that ran sooner would leave the late shares of its work unpaid for ever: the daily
 * settlement runs from 01:05 UTC, a block's window 65 minutes after the end of its 10-minute point.
 */
export const SETTLE_AFTER_MS = MAX_SHARE_AGE_MS + 5 * 60_000;

/** When the settlement of `day` runs: 01:05 UTC of the day after (SETTLE_AFTER_MS). */
export function settlementTime(day: string): Date {
  return new Date(dayStart(addDays(day, 1)).getTime() + SETTLE_AFTER_MS);
}

/** The instant from which another switch is accepted. */
export function payMethodNextSwitchAt(switchedAt: Date): Date {
  return new Date(switchedAt.getTime() + PAY_METHOD_SWITCH_MS);
}

/** Whether a switch is accepted at `now`, given the last one (null: never switched). */
export function canSwitchPayMethod(lastSwitchedAt: Date | null, now: Date): boolean {
  return lastSwitchedAt === null || now.getTime() >= payMethodNextSwitchAt(lastSwitchedAt).getTime();
}

/** A sub-account's method for one coin as stored: the last choice and what it replaced. */
export interface PayMethodState {
  method: PayMethod;
  /** The method in force before `effectiveFrom`; null when the choice replaced nothing stored. */
  previousMethod: PayMethod | null;
  /** First settlement day of `method`; null: it has always applied. */
  effectiveFrom: string | null;
}

/**
 * The method that pays the work of `day`, for today and later (what the pages show). Only the last
 * switch is needed: two switches are at least 24 hours apart, so the one before the last is in
 * force on the day the last one is made, and `previousMethod` is it. An earlier day is not
 * answered from the stored choice: a switch made just after midnight replaces it before the day
 * before is settled. Settlement asks the switch history (the server's payMethodsOnDay).
 */
export function methodOnDay(state: PayMethodState | null, day: string): PayMethod {
  if (!state) return DEFAULT_PAY_METHOD;
  if (state.effectiveFrom === null || day >= state.effectiveFrom) return state.method;
  return state.previousMethod ?? DEFAULT_PAY_METHOD;
}
