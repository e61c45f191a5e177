// The transaction list's filters live in the address (?coin=btc&type=withdraw&from=2024-05-01
// &to=2024-05-31&page=2), so a reload, the back button and a link from a fund detail land on the
// same list. Parsing is forgiving: an unknown value falls back to "all" instead of failing the call.
import { BUSINESS_TYPES, findCoin, formatUtcOffset, parseUtcOffset, type BusinessType } from '@hashpool/shared';
import type { TransactionQuery } from '../wallet.api';
import { PAGE_SIZE } from './constants';

export interface TransactionFilters {
  coin: string | null;
  type: BusinessType | null;
  /** Days in the user's timezone, YYYY-MM-DD, both inclusive. */
  from: string | null;
  to: string | null;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isDay = (value: string | null): value is string => value !== null && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

export function parseTransactionFilters(params: URLSearchParams): TransactionFilters {
  const coin = params.get('coin');
  const type = params.get('type');
  const from = params.get('from');
  const to = params.get('to');
  const page = Number(params.get('page'));
  // A range needs both ends; one alone (a hand-edited address) is dropped.
  const range = isDay(from) && isDay(to) && from <= to;
  return {
    coin: coin && findCoin(coin) ? coin.toLowerCase() : null,
    type: (BUSINESS_TYPES as readonly string[]).includes(type ?? '') ? (type as BusinessType) : null,
    from: range ? from : null,
    to: range ? to : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function transactionFiltersToParams(filters: TransactionFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (filters.coin) out.set('coin', filters.coin);
  if (filters.type) out.set('type', filters.type);
  if (filters.from && filters.to) {
    out.set('from', filters.from);
    out.set('to', filters.to);
  }
  if (filters.page > 1) out.set('page', String(filters.page));
  return out;
}

/** "UTC+08:00" -> "+08:00"; an unknown timezone is UTC, as the dates on the page are. */
function isoOffset(timezone: string): string {
  return formatUtcOffset(parseUtcOffset(timezone) ?? 0).slice(3);
}

/**
 * The call's query. The days are the user's (their timezone, as the table shows times), so the
 * range goes out as moments with that offset: from the first day's midnight to the last day's end.
 */
export function transactionQuery(filters: TransactionFilters, timezone: string): TransactionQuery {
  const offset = isoOffset(timezone);
  return {
    page: filters.page,
    page_size: PAGE_SIZE,
    ...(filters.coin ? { coin: filters.coin } : {}),
    ...(filters.type ? { business_type: filters.type } : {}),
    ...(filters.from && filters.to ? { start: `${filters.from}T00:00:00.000${offset}`, end: `${filters.to}T23:59:59.999${offset}` } : {}),
  };
}
