// A ledger record's description as a person reads it, from its type and the facts its posting
// recorded (the day, the payout method, the block, the invitees, the reason): "Mining profit, BTC,
// 27 Nov 2026, FPPS". Internal references and idempotency keys never appear.
import type { TFunction } from 'i18next';
import { PAY_METHODS } from '@hashpool/shared';
import { coinSymbol } from './balances';

export interface FundFacts {
  business_type: string;
  coin: string;
  memo: Record<string, string> | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A UTC day (YYYY-MM-DD) in the language's own short date form. */
export function formatDay(day: string, language: string): string {
  if (!DAY.test(day)) return day;
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** The payout method's name as pools write it (FPPS, PPLNS, PPS+). */
function methodName(method: string): string {
  return (PAY_METHODS as readonly string[]).includes(method) ? method.toUpperCase().replace('_PLUS', '+') : method;
}

export function fundDescription(f: FundFacts, t: TFunction<'wallet'>, language: string): string {
  const memo = f.memo ?? {};
  const parts = [t(`business_type.${f.business_type}`), coinSymbol(f.coin)];
  if (memo.day) parts.push(formatDay(memo.day, language));
  if (memo.method) parts.push(methodName(memo.method));
  if (memo.height) parts.push(t('fund.facts.block', { height: memo.height }));
  if (memo.invitees) parts.push(t('fund.facts.invitees', { count: Number(memo.invitees) }));
  if (memo.packet) parts.push(memo.packet);
  if (memo.reason) parts.push(memo.reason);
  return parts.join(t('fund.facts.separator'));
}
