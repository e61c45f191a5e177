// The daily earnings list's rules (features/earnings/lib/profits.ts): the filter in the address,
// the chart's window of days, per-day sums, and the daily bar chart's option (ui/charts/bar-options.ts).
import { describe, expect, it } from 'vitest';
import {
  CHART_DAYS,
  CHART_MAX_DAYS,
  CHART_MAX_PAGES,
  chartQuery,
  chartRows,
  chartWindow,
  dailyAmounts,
  daysInRange,
  formatFeeRate,
  formatUnitAmount,
  parseProfitFilters,
  profitFiltersToParams,
  profitListQuery,
} from '../src/features/earnings/lib/profits';
import { axisAmount, axisDay, buildDailyBarOption, dailyTooltipHtml, type DailyBar } from '../src/ui/charts/bar-options';
import { chartPalette } from '../src/ui/charts/chart-palette';

const params = (query: string) => new URLSearchParams(query);

describe('profit filters in the address', () => {
  it('reads a range of UTC days and a page', () => {
    expect(parseProfitFilters(params('start=2026-05-01&end=2026-05-31&page=3'))).toEqual({ start: '2026-05-01', end: '2026-05-31', page: 3 });
    expect(parseProfitFilters(params(''))).toEqual({ start: null, end: null, page: 1 });
  });

  it('drops a half range, a reversed one, an impossible day and a bad page', () => {
    expect(parseProfitFilters(params('start=2026-05-01'))).toMatchObject({ start: null, end: null });
    expect(parseProfitFilters(params('start=2026-05-31&end=2026-05-01'))).toMatchObject({ start: null, end: null });
    expect(parseProfitFilters(params('start=2026-02-01&end=2026-02-30'))).toMatchObject({ start: null, end: null });
    expect(parseProfitFilters(params('page=-2')).page).toBe(1);
    expect(parseProfitFilters(params('page=1.5')).page).toBe(1);
  });

  it('writes back only what is set, and round-trips', () => {
    expect(profitFiltersToParams({ start: null, end: null, page: 1 }).toString()).toBe('');
    const filters = { start: '2026-05-01', end: '2026-05-02', page: 2 };
    expect(profitFiltersToParams(filters).toString()).toBe('start=2026-05-01&end=2026-05-02&page=2');
    expect(parseProfitFilters(profitFiltersToParams(filters))).toEqual(filters);
  });

  it('asks the table for one page of 10, within the range when there is one', () => {
    expect(profitListQuery({ start: null, end: null, page: 2 })).toEqual({ page: 2, page_size: 10 });
    expect(profitListQuery({ start: '2026-05-01', end: '2026-05-31', page: 1 })).toEqual({ page: 1, page_size: 10, start: '2026-05-01', end: '2026-05-31' });
  });
});

describe('the chart window', () => {
  it('counts days both ends included, across a month and a leap day', () => {
    expect(daysInRange('2026-05-01', '2026-05-01')).toBe(1);
    expect(daysInRange('2028-02-28', '2028-03-01')).toBe(3);
  });

  it('is the last 30 days up to yesterday without a filter (today is not settled)', () => {
    const window = chartWindow({ start: null, end: null }, '2026-03-01');
    expect(window).toEqual({ start: '2026-01-30', end: '2026-02-28', clipped: false });
    expect(daysInRange(window.start, window.end)).toBe(CHART_DAYS);
  });

  it('is the filter, or its last 90 days when longer', () => {
    expect(chartWindow({ start: '2026-05-01', end: '2026-05-10' }, '2026-06-01')).toEqual({ start: '2026-05-01', end: '2026-05-10', clipped: false });
    const long = chartWindow({ start: '2025-01-01', end: '2025-12-31' }, '2026-06-01');
    expect(long).toEqual({ start: '2025-10-03', end: '2025-12-31', clipped: true });
    expect(daysInRange(long.start, long.end)).toBe(CHART_MAX_DAYS);
    // Within the server's page_size limit.
    expect(chartQuery(long)).toEqual({ page: 1, page_size: 100, start: '2025-10-03', end: '2025-12-31' });
  });

  it('reads every row of the window, page after page: 90 days with two methods a day are more than one page', async () => {
    const all = Array.from({ length: 180 }, (_, i) => i);
    const asked: number[] = [];
    const rows = await chartRows({ start: '2025-10-03', end: '2025-12-31' }, async (q) => {
      asked.push(q.page);
      expect(q).toMatchObject({ page_size: 100, start: '2025-10-03', end: '2025-12-31' });
      return { list: all.slice((q.page - 1) * 100, q.page * 100), total: all.length };
    });
    expect(rows).toEqual(all);
    expect(asked).toEqual([1, 2]);
    // One page when it holds them all; never more than CHART_MAX_PAGES, whatever the total says.
    asked.length = 0;
    await chartRows({ start: 'a', end: 'b' }, async (q) => (asked.push(q.page), { list: [1], total: 1 }));
    expect(asked).toEqual([1]);
    asked.length = 0;
    await chartRows({ start: 'a', end: 'b' }, async (q) => (asked.push(q.page), { list: new Array<number>(100).fill(0), total: 10_000 }));
    expect(asked).toHaveLength(CHART_MAX_PAGES);
  });
});

describe('amounts per day', () => {
  it('fills every day of the window, oldest first, summing a day with two methods exactly', () => {
    const rows = [
      { day: '2026-05-03', amount: '0.1', status: 'settled' as const },
      { day: '2026-05-03', amount: '0.2', status: 'pending' as const },
      { day: '2026-05-01', amount: '0.00012345', status: 'settled' as const },
      // Outside the window: ignored.
      { day: '2026-04-30', amount: '9', status: 'settled' as const },
    ];
    expect(dailyAmounts(rows, { start: '2026-05-01', end: '2026-05-04' })).toEqual([
      { day: '2026-05-01', amount: '0.00012345', rows: 1, pending: false },
      { day: '2026-05-02', amount: '0', rows: 0, pending: false },
      { day: '2026-05-03', amount: '0.3', rows: 2, pending: true },
      { day: '2026-05-04', amount: '0', rows: 0, pending: false },
    ]);
  });

  it('writes fee rates as percent', () => {
    expect(formatFeeRate('2.5')).toBe('2.5%');
    expect(formatFeeRate('0')).toBe('0%');
  });
});

describe('the daily bar chart option', () => {
  const palette = chartPalette({
    colorPrimary: '#3b5bdb',
    colorWarning: '#f08c00',
    colorSuccess: '#2f9e44',
    colorText: '#111111',
    colorTextSecondary: '#666666',
    colorBorderSecondary: '#eeeeee',
    colorBgElevated: '#ffffff',
    colorBorder: '#dddddd',
  });
  const bars: DailyBar[] = [
    { day: '2026-05-01', value: 0.000123, label: '0.000123 BTC' },
    { day: '2026-05-02', value: 0.0002, label: '0.000200 BTC', note: 'Being credited <now>', highlight: true },
  ];

  it('labels the axes without float noise, exponents or the year', () => {
    expect(axisAmount(0)).toBe('0');
    expect(axisAmount(0.00015000000000000001)).toBe('0.00015');
    expect(axisAmount(2e-7)).toBe('0.0000002');
    expect(axisAmount(1.5)).toBe('1.5');
    expect(axisAmount(1200)).toBe('1200');
    expect(axisDay('2026-05-31')).toBe('05-31');
  });

  it('draws one bar per day in the theme colours, the highlighted one in the second colour', () => {
    const option = buildDailyBarOption({ bars, seriesName: 'Earnings', palette });
    const xAxis = option.xAxis as { data: string[] };
    expect(xAxis.data).toEqual(['2026-05-01', '2026-05-02']);
    const series = (option.series as { data: { value: number; itemStyle: { color: string } }[] }[])[0]!;
    expect(series.data.map((d) => d.itemStyle.color)).toEqual(['#3b5bdb', '#f08c00']);
    expect(series.data.map((d) => d.value)).toEqual([0.000123, 0.0002]);
  });

  it('writes the tooltip from the bar, escaped', () => {
    const html = dailyTooltipHtml([{ dataIndex: 1 }], { bars, seriesName: 'Earnings', palette });
    expect(html).toContain('2026-05-02');
    expect(html).toContain('Earnings: <b>0.000200 BTC</b>');
    expect(html).toContain('Being credited &lt;now&gt;');
    expect(dailyTooltipHtml([{ dataIndex: 5 }], { bars, seriesName: 'Earnings', palette })).toBe('');
  });
});

describe('an amount per unit of hashrate', () => {
  it('keeps every decimal the server gave, below the coin precision too', () => {
    expect(formatUnitAmount('0.00000123456')).toBe('0.00000123456');
    expect(formatUnitAmount('1234.5')).toBe('1,234.5');
    expect(formatUnitAmount('0')).toBe('0');
  });
});
