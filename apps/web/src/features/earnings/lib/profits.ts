// The daily earnings list's rules: its filter lives in the address (?start=2026-05-01&end=2026-05-31
// &page=2, UTC days, both inclusive), the chart's window of days, and the days' amounts summed
// per day for the bars. Pure; unit-tested in apps/web/test/earnings-profits.test.ts.
import { addDays, formatAmount, isUtcDay } from '@hashpool/shared';
import { PAGE_SIZE } from '../../../ui/paging';
import { fromUnits, toUnits } from '../../../ui/decimal';
import type { ProfitQuery, ProfitRow } from '../earnings.api';

export interface ProfitFilters {
  /** UTC days, YYYY-MM-DD, both inclusive; both set or both null. */
  start: string | null;
  end: string | null;
  page: number;
}

/** Days the chart shows without a filter: the last 30 UTC days up to yesterday. */
export const CHART_DAYS = 30;
/** The most days the chart draws: a longer filter shows its last 90 days. */
export const CHART_MAX_DAYS = 90;
/**
 * Pages of 100 rows (the server's page_size limit) the chart reads at most. A day has one row per
 * payout method that paid it (blocks found under PPLNS mature on days paid by FPPS after a
 * switch), so 90 days can hold more than one page; four methods fill four.
 */
export const CHART_MAX_PAGES = 4;

export function parseProfitFilters(params: URLSearchParams): ProfitFilters {
  const start = params.get('start');
  const end = params.get('end');
  const page = Number(params.get('page'));
  // A range needs both ends, in order; anything else (a hand-edited address) is dropped.
  const range = start !== null && end !== null && isUtcDay(start) && isUtcDay(end) && start <= end;
  return { start: range ? start : null, end: range ? end : null, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

export function profitFiltersToParams(filters: ProfitFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (filters.start && filters.end) {
    out.set('start', filters.start);
    out.set('end', filters.end);
  }
  if (filters.page > 1) out.set('page', String(filters.page));
  return out;
}

/** The table's call: one page of the filtered days. */
export function profitListQuery(filters: ProfitFilters): ProfitQuery {
  return { page: filters.page, page_size: PAGE_SIZE, ...(filters.start && filters.end ? { start: filters.start, end: filters.end } : {}) };
}

/** Calendar days from `start` to `end`, both counted. */
export function daysInRange(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

export interface ChartWindow {
  start: string;
  end: string;
  /** The filter was longer than the chart draws: it shows the filter's last CHART_MAX_DAYS days. */
  clipped: boolean;
}

/**
 * The days the chart draws: the filter's days (their last CHART_MAX_DAYS), or without a filter the
 * last CHART_DAYS UTC days up to yesterday (`today` is the current UTC day: it is not settled yet).
 */
export function chartWindow(filters: Pick<ProfitFilters, 'start' | 'end'>, today: string): ChartWindow {
  if (filters.start && filters.end) {
    const clipped = daysInRange(filters.start, filters.end) > CHART_MAX_DAYS;
    return { start: clipped ? addDays(filters.end, 1 - CHART_MAX_DAYS) : filters.start, end: filters.end, clipped };
  }
  const end = addDays(today, -1);
  return { start: addDays(end, 1 - CHART_DAYS), end, clipped: false };
}

/** The chart's call for one page of the window's rows. */
export function chartQuery(window: Pick<ChartWindow, 'start' | 'end'>, page = 1): ProfitQuery {
  return { page, page_size: 100, start: window.start, end: window.end };
}

/** Every row of the window: page after page until the total is read (at most CHART_MAX_PAGES). */
export async function chartRows<T>(window: Pick<ChartWindow, 'start' | 'end'>, fetchPage: (query: ProfitQuery) => Promise<{ list: T[]; total: number }>): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= CHART_MAX_PAGES; page++) {
    const { list, total } = await fetchPage(chartQuery(window, page));
    rows.push(...list);
    if (list.length === 0 || rows.length >= total) break;
  }
  return rows;
}

export interface DayAmount {
  day: string;
  /** The day's rows summed, a decimal string ("0" for a day without a row). */
  amount: string;
  /** Rows of the day (one per payout method that paid it); 0: nothing settled that day. */
  rows: number;
  /** A row of the day is still being credited. */
  pending: boolean;
}

/** Every day of the window, oldest first, with the amounts of its rows summed exactly. */
export function dailyAmounts(rows: readonly Pick<ProfitRow, 'day' | 'amount' | 'status'>[], window: Pick<ChartWindow, 'start' | 'end'>): DayAmount[] {
  const byDay = new Map<string, { units: bigint; rows: number; pending: boolean }>();
  for (const row of rows) {
    const entry = byDay.get(row.day) ?? { units: 0n, rows: 0, pending: false };
    entry.units += toUnits(row.amount) ?? 0n;
    entry.rows += 1;
    entry.pending ||= row.status === 'pending';
    byDay.set(row.day, entry);
  }
  const out: DayAmount[] = [];
  const count = Math.min(daysInRange(window.start, window.end), CHART_MAX_DAYS);
  for (let i = 0; i < count; i++) {
    const day = addDays(window.start, i);
    const entry = byDay.get(day);
    out.push({ day, amount: entry ? fromUnits(entry.units) : '0', rows: entry?.rows ?? 0, pending: entry?.pending ?? false });
  }
  return out;
}

/** A fee rate as the table writes it: "2.5%"; the server sends percent as a decimal string. */
export function formatFeeRate(rate: string): string {
  return `${rate}%`;
}

/**
 * An amount per unit of hashrate as the server gives it (six significant digits): a unit earns far
 * less than the coin's display precision (BTC per TH/s a day is around 0.0000005), so cutting it to
 * that precision would show every method as zero. The figure keeps all its own decimals.
 */
export function formatUnitAmount(value: string): string {
  const places = value.split('.')[1]?.length ?? 0;
  return formatAmount(value, { precision: places, grouping: true });
}
