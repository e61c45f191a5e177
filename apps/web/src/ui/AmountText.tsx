// An amount of a coin as the wallet shows it (docs/rules.md, Limits and constants): the coin's precision, cut toward
// zero so a balance never looks larger than it is, thousands separators and the ticker. `signed`
// amounts (ledger postings) carry their sign and its colour; `hidden` masks the figure.
import { theme } from 'antd';
import { findCoin, formatAmount, parseDecimal } from '@hashpool/shared';

interface AmountTextProps {
  value: string | null | undefined;
  coin: string;
  /** Show the coin's ticker after the figure. */
  symbol?: boolean;
  signed?: boolean;
  hidden?: boolean;
  strong?: boolean;
}

export const MASK = '****';

export function AmountText({ value, coin, symbol = true, signed = false, hidden = false, strong = false }: AmountTextProps) {
  const { token } = theme.useToken();
  const ticker = findCoin(coin)?.symbol ?? coin.toUpperCase();
  const figure = hidden ? MASK : formatAmount(value, { coin, grouping: true });
  const parts = signed && !hidden && value ? parseDecimal(value) : null;
  const positive = parts !== null && !parts.negative && /[1-9]/.test(parts.int + parts.frac);
  const color = parts === null ? undefined : parts.negative ? token.colorError : positive ? token.colorSuccess : undefined;
  return (
    <span style={{ color, fontWeight: strong ? 600 : undefined, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {positive ? '+' : ''}
      {figure}
      {symbol && ` ${ticker}`}
    </span>
  );
}
