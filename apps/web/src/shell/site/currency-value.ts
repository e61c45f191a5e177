// An amount's worth in the display currency (currency.ts), for the wallet's balances and the
// earnings figures. Apart from currency.ts, which the header loads on the first screen: the
// amount formatting this needs comes with the pages that show values.
import { formatAmount, type RateItem } from '@hashpool/shared';

/**
 * What a balance is worth in `currency`, with two decimals, or null without a price or a rate.
 * Prices are in USD and rates are units per 1 CNY, so value = total x price / rate(USD) x
 * rate(currency). A display figure (a float is fine here): money itself never goes through it.
 */
export function balanceValue(total: string, priceUsd: string | null | undefined, currency: string, rates: readonly RateItem[]): string | null {
  const rate = (code: string) => Number(rates.find((r) => r.currency === code)?.rate ?? NaN);
  const value = (Number(total) * Number(priceUsd ?? NaN) * rate(currency)) / rate('USD');
  if (priceUsd == null || !Number.isFinite(value)) return null;
  return formatAmount(value.toFixed(2), { precision: 2, grouping: true });
}
