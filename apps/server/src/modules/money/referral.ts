// The referral reward: the inviter earns REFERRAL_RATE_PERCENT of what the invitees earned in a
// day: their settled earnings as credited (profit rows and block payouts, whole base units after
// the carry; the exact amounts differ by under a base unit a row), the reward itself cut by the one
// carry rule when it is credited.
import { REFERRAL_RATE_PERCENT } from '@hashpool/shared';
import { LedgerDecimal as Decimal } from '../ledger';
import type { Num } from './market';

/** The exact reward on the invitees' earnings `base`: base x REFERRAL_RATE_PERCENT / 100. */
export function referralReward(base: Num): Decimal {
  return new Decimal(base).times(REFERRAL_RATE_PERCENT).div(100);
}
