// A red packet's money: its budget is paid to its receivers over the days of their gifts and
// what was not given out goes back to the giver.
import { LedgerDecimal as Decimal } from '../ledger';
import { creditWithCarry, cut } from './carry';
import type { Num } from './market';

/**
 * What cancelling a packet returns: the budget's part of the shares nobody took
 * (budget x sharesLeft / shares, cut to the base unit), no more than the budget still unpaid, never
 * below 0.
 */
export function packetReturn(budget: Num, shares: number, sharesLeft: number, paid: Num, baseDecimals: number): Decimal {
  if (!Number.isInteger(shares) || shares < 1) throw new RangeError('a packet has at least one share');
  const part = cut(new Decimal(budget).times(sharesLeft).div(shares), baseDecimals);
  const unpaid = new Decimal(budget).minus(paid);
  return Decimal.max(0, Decimal.min(part, unpaid));
}

/**
 * One day's credit of a receiver: the day's exact `value` with the fraction the receiver's earlier
 * credits left (earned - paid), cut to the base unit by the one carry rule, and no more than the
 * packet has left (budget - paid - returned, never below 0). `earned` and `paid` are the
 * receiver's totals after it.
 */
export function packetCredit(
  value: Num,
  receiver: { earned: Num; paid: Num },
  packet: { budget: Num; paid: Num; returned: Num },
  baseDecimals: number,
): { amount: Decimal; earned: Decimal; paid: Decimal } {
  const { credit: due } = creditWithCarry(value, new Decimal(receiver.earned).minus(receiver.paid), baseDecimals);
  const left = new Decimal(packet.budget).minus(packet.paid).minus(packet.returned);
  const amount = Decimal.max(0, Decimal.min(due, left));
  return { amount, earned: new Decimal(receiver.earned).plus(value), paid: new Decimal(receiver.paid).plus(amount) };
}
