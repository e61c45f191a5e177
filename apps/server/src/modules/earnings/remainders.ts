// Credits in whole base units that keep nobody's fraction (docs/security.md
// item 40). Every credit path (the daily settlement, block payouts of sub-accounts and address
// wallets, invitation rewards) decides its amounts here, in the transaction that writes the rows
// it later posts from: each holder's exact amount plus the fraction its earlier credits of the coin
// left (credit_remainders), cut down to the coin's base unit, and the new fraction stored. The rows
// are then posted from as before (idempotent, resumable): a fraction is used by exactly the rows
// that are credited, once, because both are committed together and computed only once. The paths
// that carry a fraction on a row of their own between credits (a red packet's receipt, a contract
// order, a stake) hand the row's last fraction over here, through EarningsService, in the
// transaction that ends the row, and post a unit it completes themselves.
import { coinBaseDecimals } from '@hashpool/shared';
import type { Tx } from '../../db/client';
import { LedgerDecimal } from '../ledger';
import { creditWithCarry, type Num } from '../money';
import { lockRemainders, saveRemainders } from './remainders.repository';

export interface ExactCredit {
  /** The ledger holder credited: a sub-account id or an address wallet id. */
  holder: string;
  /** What the formula gives, uncut (after the fee). */
  exact: Num;
}

/**
 * The credit of each item of `coin`, in order: whole base units, with the holder's carried
 * fraction (an item of zero leaves it as it is). The holders' rows are created when missing and
 * locked in holder order before they are read, so two computations that credit one holder take
 * turns instead of both using its fraction. Runs inside `tx`, the caller's transaction.
 */
export async function creditsWithRemainders(tx: Tx, coin: string, items: readonly ExactCredit[], now: Date): Promise<LedgerDecimal[]> {
  const decimals = coinBaseDecimals(coin);
  const holders = [...new Set(items.filter((i) => !new LedgerDecimal(i.exact).isZero()).map((i) => i.holder))].sort();
  const carried = new Map<string, LedgerDecimal>();
  if (holders.length > 0) {
    for (const r of await lockRemainders(tx, coin, holders, now)) carried.set(r.holder, new LedgerDecimal(r.remainder));
  }
  const changed = new Set<string>();
  const credits = items.map((item) => {
    if (new LedgerDecimal(item.exact).isZero()) return new LedgerDecimal(0);
    const { credit, carry } = creditWithCarry(item.exact, carried.get(item.holder) ?? 0, decimals);
    carried.set(item.holder, new LedgerDecimal(carry));
    changed.add(item.holder);
    return new LedgerDecimal(credit);
  });
  if (changed.size > 0) {
    await saveRemainders(tx, coin, [...changed].map((holder) => ({ holder, remainder: carried.get(holder)!.toFixed() })), now);
  }
  return credits;
}
