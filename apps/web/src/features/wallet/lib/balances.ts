// The balances table's rules. Every coin of the coin table is listed (the server answers all of
// them), so most rows of a new user are zero: "hide small balances" keeps the ones worth a look.
import { findCoin, formatAmount } from '@hashpool/shared';
import type { BalanceItem } from '../wallet.api';
import { compareDecimals, isPositive, sumDecimals } from '../../../ui/decimal';

/** Everything the sub-account holds of a coin: available, frozen (withdrawals in flight) and locked. */
export function balanceTotal(balance: Pick<BalanceItem, 'available' | 'frozen' | 'locked'>): string {
  return sumDecimals(balance.available, balance.frozen, balance.locked);
}

/**
 * Small: nothing at all, or less in total than the coin's minimum withdrawal, i.e. an amount
 * that can be neither withdrawn nor shown with the coin's precision in a useful way. A coin
 * without a minimum counts as small only when empty.
 */
export function isSmallBalance(balance: BalanceItem): boolean {
  const total = balanceTotal(balance);
  if (!isPositive(total)) return true;
  return isPositive(balance.min_withdraw) && compareDecimals(total, balance.min_withdraw) < 0;
}

/**
 * The rows to show and the coins holding nothing. The coins holding something come first (each group
 * in the coin table's order); the empty ones wait behind a switch of their own, since a new user
 * would otherwise scroll through 26 rows of zeros (thousands of pixels of cards on a phone).
 * With "hide small balances" on, the empty coins are not offered at all.
 */
export function visibleBalances(list: readonly BalanceItem[], hideSmall: boolean): { holding: BalanceItem[]; empty: BalanceItem[] } {
  const holds = (balance: BalanceItem) => isPositive(balanceTotal(balance));
  const holding = list.filter((balance) => holds(balance) && !(hideSmall && isSmallBalance(balance)));
  return { holding, empty: hideSmall ? [] : list.filter((balance) => !holds(balance)) };
}

/** A coin's ticker ("btc" -> "BTC"), also for a coin the coin table does not know. */
export function coinSymbol(coin: string): string {
  return findCoin(coin)?.symbol ?? coin.toUpperCase();
}

/** What is shown in place of an amount while "hide amounts" is on. */
export const HIDDEN_AMOUNT = '****';

/** An amount with the coin's precision and thousands separators, or the mask. */
export function displayAmount(value: string | null | undefined, coin: string, hidden = false): string {
  return hidden ? HIDDEN_AMOUNT : formatAmount(value, { coin, grouping: true });
}
