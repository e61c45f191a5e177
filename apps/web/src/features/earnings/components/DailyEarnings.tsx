// The settled days of the current sub-account in one coin (GET /pools/{pool}/accounts/{account}
// /profits): a bar per UTC day, then the days as a table (cards on phones) with their settled
// hashrate, method, fee, amount and status, 10 a page. The range of days and the page live in the
// address (lib/profits.ts). Before the first settlement the panel says when earnings appear.
// The export dialog saves a range of days as CSV or XLSX.
import { useMemo, useState } from 'react';
import { Button, DatePicker, Flex, Tag, theme } from 'antd';
import { CalendarOutlined, DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatAmount, formatDateTime, formatHashrate, PAY_METHOD_LABELS, settlementTime, utcDay, type CoinInfo } from '@hashpool/shared';
import { AmountText } from '../../../ui/AmountText';
import { LazyDailyBarChart, type DailyBar } from '../../../ui/charts/LazyDailyBarChart';
import { DAILY_BAR_CHART_HEIGHT } from '../../../ui/charts/bar-options';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { Paragraph, Text } from '../../../ui/Text';
import { useIsMobile } from '../../../ui/responsive';
import { Pager } from '../../../ui/Pager';
import { useTimezone } from '../../../shell/frames/usePoolContext';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import type { ProfitRow } from '../earnings.api';
import { useProfits, useProfitsChart } from '../earnings.queries';
import ExportDialog from './ExportDialog';
import { chartWindow, dailyAmounts, formatFeeRate, parseProfitFilters, profitFiltersToParams, profitListQuery, type ProfitFilters } from '../lib/profits';

const DAY_FORMAT = 'YYYY-MM-DD';

export function DailyEarnings({ coin, account }: { coin: CoinInfo; account: string }) {
  const { t } = useTranslation('earnings');
  const isMobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const filters = parseProfitFilters(params);
  const today = utcDay(new Date());
  const list = useProfits(account, coin.code, profitListQuery(filters));
  const filtered = filters.start !== null;
  const change = (next: Partial<ProfitFilters>) => setParams(profitFiltersToParams({ ...filters, page: 1, ...next }));
  const data = list.data;
  // Nothing settled at all (not only in the chosen days): say when the first day will be.
  const none = data !== undefined && data.total === 0 && !filtered && !list.isPlaceholderData;
  const [exporting, setExporting] = useState(false);

  return (
    <section aria-labelledby="daily-earnings-title" data-testid="daily-earnings">
      <Panel padding={isMobile ? 16 : 24}>
        <Flex justify="space-between" align={isMobile ? 'stretch' : 'center'} gap={12} wrap vertical={isMobile} style={{ marginBottom: 16 }}>
          <div>
            <div id="daily-earnings-title" role="heading" aria-level={2} style={{ fontWeight: 600, fontSize: 18 }}>
              {t('profits.daily_title')}
            </div>
            <Text tone="secondary" style={{ fontSize: 13 }}>
              {t('profits.days_utc')}
            </Text>
          </div>
          {!none && (
            <Flex gap={8} align="center" wrap>
              <RangeFilter filters={filters} today={today} onChange={change} />
              <Button icon={<DownloadOutlined />} onClick={() => setExporting(true)}>
                {t('export.open')}
              </Button>
            </Flex>
          )}
        </Flex>
        {exporting && <ExportDialog coin={coin} account={account} today={today} onClose={() => setExporting(false)} />}
        {none ? (
          <NoEarnings today={today} />
        ) : !data ? (
          list.isError ? <LoadFailed onRetry={() => void list.refetch()} /> : <PageSpinner />
        ) : (
          <Flex vertical gap={16}>
            {data.total > 0 && <DailyChart coin={coin} account={account} filters={filters} today={today} />}
            <DayTable coin={coin} rows={data.list} empty={filtered ? t('profits.empty_filtered') : t('profits.empty_title')} />
            <Pager page={filters.page} total={data.total} onChange={(page) => setParams(profitFiltersToParams({ ...filters, page }))} />
          </Flex>
        )}
      </Panel>
    </section>
  );
}

function RangeFilter({ filters, today, onChange }: { filters: ProfitFilters; today: string; onChange: (next: Partial<ProfitFilters>) => void }) {
  const { t } = useTranslation('earnings');
  const isMobile = useIsMobile();
  const value = filters.start && filters.end ? ([dayjs(filters.start), dayjs(filters.end)] as const) : null;
  return (
    <Flex gap={8} align="center" wrap>
      <DatePicker.RangePicker
        aria-label={t('profits.range')}
        placeholder={[t('profits.start'), t('profits.end')]}
        value={value ? [value[0], value[1]] : null}
        format={DAY_FORMAT}
        allowClear
        // Days are UTC days; none after today's can have earnings.
        disabledDate={(day) => day.format(DAY_FORMAT) > today}
        style={isMobile ? { flex: 1, minWidth: 0 } : undefined}
        onChange={(days) => onChange(days?.[0] && days[1] ? { start: days[0].format(DAY_FORMAT), end: days[1].format(DAY_FORMAT) } : { start: null, end: null })}
      />
      {value && <Button onClick={() => onChange({ start: null, end: null })}>{t('profits.clear')}</Button>}
    </Flex>
  );
}

function DailyChart({ coin, account, filters, today }: { coin: CoinInfo; account: string; filters: ProfitFilters; today: string }) {
  const { t } = useTranslation('earnings');
  const { start, end, clipped } = chartWindow(filters, today);
  const query = useProfitsChart(account, coin.code, { start, end });
  const rows = query.data;
  const bars = useMemo<DailyBar[]>(
    () =>
      rows
        ? dailyAmounts(rows, { start, end }).map((d) => ({
            day: d.day,
            value: Number(d.amount),
            label: `${formatAmount(d.amount, { coin: coin.code, grouping: true })} ${coin.symbol}`,
            note: d.pending ? t('profits.status.pending') : d.rows === 0 ? t('profits.chart_no_row') : undefined,
            highlight: d.pending,
          }))
        : [],
    [rows, start, end, coin.code, coin.symbol, t],
  );
  return (
    <div>
      <Flex justify="space-between" align="baseline" gap={8} wrap style={{ marginBottom: 8 }}>
        <Text strong>{t('profits.chart_title', { coin: coin.symbol })}</Text>
        <Text tone="secondary" style={{ fontSize: 13 }}>
          <CalendarOutlined /> {t('profits.chart_window', { start, end })}
          {clipped && ` · ${t('profits.chart_clipped', { days: bars.length })}`}
        </Text>
      </Flex>
      {query.isError && !query.data ? (
        <Flex align="center" justify="center" style={{ height: DAILY_BAR_CHART_HEIGHT }}>
          <LoadFailed onRetry={() => void query.refetch()} />
        </Flex>
      ) : !rows ? (
        <div style={{ height: DAILY_BAR_CHART_HEIGHT }}>
          <PageSpinner />
        </div>
      ) : (
        <div data-testid="profit-chart">
          <LazyDailyBarChart bars={bars} seriesName={t('profits.chart_series')} ariaLabel={t('profits.chart_aria', { coin: coin.symbol, start, end })} />
          {bars.some((bar) => bar.highlight) && <PendingLegend />}
        </div>
      )}
    </div>
  );
}

/** What the bars in the second colour mean (the chart palette's second series colour). */
function PendingLegend() {
  const { t } = useTranslation('earnings');
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={6} justify="flex-end" style={{ marginTop: 4 }}>
      <span aria-hidden="true" style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: token.colorWarning }} />
      <Text tone="secondary" style={{ fontSize: 12 }}>
        {t('profits.status.pending')}
      </Text>
    </Flex>
  );
}

function DayTable({ coin, rows, empty }: { coin: CoinInfo; rows: readonly ProfitRow[]; empty: string }) {
  const { t } = useTranslation('earnings');
  const columns: DataColumn<ProfitRow>[] = [
    { key: 'day', title: t('profits.columns.day'), render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{row.day}</span> },
    { key: 'hashrate', title: t('profits.columns.hashrate'), align: 'right', render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatHashrate(row.hashrate)}</span> },
    { key: 'method', title: t('profits.columns.method'), render: (row) => PAY_METHOD_LABELS[row.method] },
    { key: 'fee', title: t('profits.columns.fee'), align: 'right', render: (row) => formatFeeRate(row.fee_rate) },
    { key: 'amount', title: t('profits.columns.amount'), align: 'right', render: (row) => <AmountText value={row.amount} coin={coin.code} strong /> },
    // What a fee coupon saved that day (the promotions module), when any day of the page had one.
    ...(rows.some((row) => row.coupon_saving !== null)
      ? [{ key: 'coupon', title: t('profits.columns.coupon_saving'), align: 'right' as const, render: (row: ProfitRow) => (row.coupon_saving === null ? '--' : <AmountText value={row.coupon_saving} coin={coin.code} />) }]
      : []),
    { key: 'status', title: t('profits.columns.status'), render: (row) => <StatusTag status={row.status} /> },
  ];
  return <ResponsiveTable rows={rows} rowKey={(row) => `${row.day}:${row.method}`} columns={columns} caption={t('profits.daily_title')} empty={empty} cardTestId="profit-day" />;
}

function StatusTag({ status }: { status: ProfitRow['status'] }) {
  const { t } = useTranslation('earnings');
  return (
    <Tag color={status === 'settled' ? 'success' : 'processing'} style={{ marginInlineEnd: 0 }}>
      {t(`profits.status.${status}`)}
    </Tag>
  );
}

/** Before the first settled day: what happens and when, in the user's own time. */
function NoEarnings({ today }: { today: string }) {
  const { t } = useTranslation('earnings');
  const { token } = theme.useToken();
  const timezone = useTimezone();
  const time = formatDateTime(settlementTime(today), timezone, 'YYYY-MM-DD HH:mm');
  return (
    <Flex vertical align="center" gap={8} style={{ padding: '32px 8px', textAlign: 'center' }} role="status" data-testid="profits-empty">
      <CalendarOutlined style={{ fontSize: 40, color: token.colorTextQuaternary }} aria-hidden="true" />
      <div style={{ fontWeight: 600, fontSize: 16, color: token.colorTextHeading }}>{t('profits.empty_title')}</div>
      <Paragraph tone="secondary" style={{ maxWidth: 560, margin: 0 }}>
        {t('profits.empty_text', { time, timezone })}
      </Paragraph>
    </Flex>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('earnings');
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '24px 0' }}>
      <Text tone="secondary">{t('profits.load_failed')}</Text>
      <Button onClick={onRetry}>{t('retry')}</Button>
    </Flex>
  );
}
