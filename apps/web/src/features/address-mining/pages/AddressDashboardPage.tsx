// /mining/:coin/dashboard (public): look an address up: its 15 min / 1 h / 24 h hashrate and
// workers by status, its hashrate chart, its workers (status, sort, page; a worker's name opens
// that worker's own chart below the list), its earnings and the payments sent to it. The address
// lives in ?address=; the search history in the browser.
import { useEffect, useRef, useState } from 'react';
import { Button, Descriptions, Flex, Segmented, Select, Tag, Tooltip } from 'antd';
import { CloseOutlined, LineChartOutlined, SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatHashrate, type CoinInfo, type MinerRow } from '@hashpool/shared';
import { AmountText } from '../../../ui/AmountText';
import { Panel } from '../../../ui/Panel';
import { Paragraph, Text } from '../../../ui/Text';
import { useIsMobile } from '../../../ui/responsive';
import { HashrateCard } from '../../../ui/charts/HashrateCard';
import { Pager } from '../../../ui/Pager';
import { HashrateStat, StatCard } from '../../../ui/StatCard';
import { StatGrid } from '../../../ui/StatGrid';
import { StatusTag } from '../../../ui/StatusTag';
import { useTimezone } from '../../../shell/frames/usePoolContext';
import type { HashrateRange } from '../../../ui/charts/RangeSwitch';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { addressMiningApi, type AddressMinerInfo, type WorkerSort, type WorkerStatusFilter } from '../address-mining.api';
import { AddressFrame, usePageAddress } from '../components/AddressFrame';
import { AddressSearch } from '../components/AddressSearch';
import { LoadState } from '../components/LoadState';

export default function AddressDashboardPage() {
  const [address, setAddress] = usePageAddress();
  return (
    <AddressFrame page="dashboard">
      {(coin) => (
        <Flex vertical gap={24}>
          <AddressSearch key={coin.code} coin={coin} address={address} onSearch={setAddress} />
          {address ? <AddressView key={`${coin.code}:${address}`} coin={coin} address={address} /> : <Intro coin={coin} />}
        </Flex>
      )}
    </AddressFrame>
  );
}

function Intro({ coin }: { coin: CoinInfo }) {
  const { t } = useTranslation('mining');
  return (
    <Panel>
      <Paragraph tone="secondary" style={{ margin: 0 }}>
        {t('dashboard.intro', { coin: coin.symbol })}
      </Paragraph>
    </Panel>
  );
}

function AddressView({ coin, address }: { coin: CoinInfo; address: string }) {
  const { t } = useTranslation('mining');
  const timezone = useTimezone();
  const [range, setRange] = useState<HashrateRange>('24h');
  const info = useQuery({ queryKey: ['address-mining', coin.code, address, 'info'], queryFn: () => addressMiningApi.info(coin.code, address), refetchInterval: 60_000 });
  const series = useQuery({ queryKey: ['address-mining', coin.code, address, 'series', range], queryFn: () => addressMiningApi.series(coin.code, address, range), placeholderData: keepPreviousData });
  const i = info.data;
  return (
    <Flex vertical gap={24}>
      <StatGrid>
        <HashrateStat label={t('dashboard.hashrate_15m')} hashrate={i?.hashrate_15m} testId="address-hashrate-15m" />
        <HashrateStat label={t('dashboard.hashrate_1h')} hashrate={i?.hashrate_1h} />
        <HashrateStat label={t('dashboard.hashrate_24h')} hashrate={i?.hashrate_24h} />
        <StatCard label={t('dashboard.workers')} value={i ? `${i.workers.active} / ${i.workers.total}` : '--'} footer={i ? t('dashboard.workers_detail', { inactive: i.workers.inactive, dead: i.workers.dead }) : undefined} testId="address-workers" />
      </StatGrid>
      {i && i.workers.total === 0 && (
        <Panel>
          <Paragraph tone="secondary" style={{ margin: 0 }} data-testid="address-no-data">
            {t('dashboard.no_data', { coin: coin.symbol })}
          </Paragraph>
        </Panel>
      )}
      <HashrateCard title={t('dashboard.chart')} seriesName={t('dashboard.chart_series')} range={range} onRangeChange={setRange} query={series} timezone={timezone} withRejectRate />
      <Workers coin={coin} address={address} counts={i?.workers} />
      <Earnings coin={coin} address={address} />
      <Payments coin={coin} address={address} />
    </Flex>
  );
}

const SORTS: readonly WorkerSort[] = ['now', '1h', '24h', 'reject', 'lastShare', 'workerName'];
const STATUSES: readonly WorkerStatusFilter[] = ['all', 'active', 'inactive', 'dead'];

/** The address's workers: a status filter with the counts, a sort (docs/rules.md, Limits and constants) either way, 10 a page. */
function Workers({ coin, address, counts }: { coin: CoinInfo; address: string; counts: AddressMinerInfo['workers'] | undefined }) {
  const { t } = useTranslation('mining');
  const timezone = useTimezone();
  const [status, setStatus] = useState<WorkerStatusFilter>('all');
  const [sort, setSort] = useState<WorkerSort>('now');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  // The worker whose chart is open, by name (the chart call names it so).
  const [charted, setCharted] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['address-mining', coin.code, address, 'workers', status, sort, order, page],
    queryFn: () => addressMiningApi.workers(coin.code, address, { page, page_size: 10, status, sort, order }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  const columns = [
    {
      key: 'name',
      title: t('workers.name'),
      render: (w: MinerRow) => (
        <Button
          type="link"
          icon={<LineChartOutlined />}
          aria-pressed={charted === w.worker_name}
          aria-label={t('workers.open_chart', { name: w.worker_name })}
          onClick={() => setCharted(charted === w.worker_name ? null : w.worker_name)}
          style={{ padding: 0, height: 'auto', fontWeight: 600, whiteSpace: 'normal', textAlign: 'start' }}
        >
          {w.worker_name}
        </Button>
      ),
    },
    { key: 'status', title: t('workers.status'), render: (w: MinerRow) => <StatusTag status={w.status} /> },
    { key: 'h15', title: t('workers.hashrate_15m'), align: 'right' as const, render: (w: MinerRow) => formatHashrate(w.accept_15m.value) },
    { key: 'h1', title: t('workers.hashrate_1h'), align: 'right' as const, render: (w: MinerRow) => formatHashrate(w.accept_1h.value) },
    { key: 'h24', title: t('workers.hashrate_24h'), align: 'right' as const, render: (w: MinerRow) => formatHashrate(w.accept_24h.value) },
    { key: 'reject', title: t('workers.reject'), align: 'right' as const, render: (w: MinerRow) => `${(w.reject_rate * 100).toFixed(2)}%` },
    { key: 'last', title: t('workers.last_share', { timezone }), render: (w: MinerRow) => formatDateTime(w.last_share_time, timezone, 'YYYY-MM-DD HH:mm') },
    { key: 'ip', title: t('workers.ip'), render: (w: MinerRow) => w.last_ip ?? '--' },
  ];
  const isMobile = useIsMobile();
  const count = (s: WorkerStatusFilter) => (counts ? (s === 'all' ? counts.total : counts[s]) : null);
  const statusOptions = STATUSES.map((value) => ({ value, label: count(value) === null ? t(`workers.statuses.${value}`) : `${t(`workers.statuses.${value}`)} ${count(value)}` }));
  const changeStatus = (value: WorkerStatusFilter) => {
    setStatus(value);
    setPage(1);
  };
  return (
    <>
    <Panel>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Text strong style={{ fontSize: 18 }}>
          {t('workers.title')}
        </Text>
        <Flex gap={8} wrap align="center">
          {/* Four labelled counts do not fit a phone's width in every language: a list there. */}
          {isMobile ? (
            <Select<WorkerStatusFilter> aria-label={t('workers.status_filter')} value={status} onChange={changeStatus} style={{ minWidth: 150 }} options={statusOptions} />
          ) : (
            <Segmented<WorkerStatusFilter> aria-label={t('workers.status_filter')} value={status} onChange={changeStatus} options={statusOptions} />
          )}
          <Select
            aria-label={t('workers.sort')}
            value={sort}
            onChange={(value) => {
              setSort(value);
              // A new sort starts in its natural direction: names A-Z, figures and times largest first.
              setOrder(value === 'workerName' ? 'asc' : 'desc');
              setPage(1);
            }}
            style={{ minWidth: 170 }}
            options={SORTS.map((value) => ({ value, label: t(`workers.sorts.${value}`) }))}
          />
          <Tooltip title={t(order === 'asc' ? 'workers.ascending' : 'workers.descending')}>
            <Button
              aria-label={t(order === 'asc' ? 'workers.ascending' : 'workers.descending')}
              icon={order === 'asc' ? <SortAscendingOutlined /> : <SortDescendingOutlined />}
              onClick={() => {
                setOrder(order === 'asc' ? 'desc' : 'asc');
                setPage(1);
              }}
            />
          </Tooltip>
        </Flex>
      </Flex>
      {list.data ? (
        <ResponsiveTable rows={list.data.list} rowKey={(w) => w.id} columns={columns} caption={t('workers.title')} empty={t(status === 'all' ? 'workers.empty' : 'workers.empty_filtered')} cardTestId="address-worker" />
      ) : (
        <LoadState failed={list.isError} />
      )}
      <Pager page={page} total={list.data?.total ?? 0} onChange={setPage} />
    </Panel>
    {charted !== null && <WorkerChart key={charted} coin={coin} address={address} worker={charted} onClose={() => setCharted(null)} />}
    </>
  );
}

/** One worker's hashrate chart (GET .../workers/{worker}/hashrates), brought into view when opened. */
function WorkerChart({ coin, address, worker, onClose }: { coin: CoinInfo; address: string; worker: string; onClose: () => void }) {
  const { t } = useTranslation('mining');
  const timezone = useTimezone();
  const [range, setRange] = useState<HashrateRange>('24h');
  const series = useQuery({
    queryKey: ['address-mining', coin.code, address, 'worker-series', worker, range],
    queryFn: () => addressMiningApi.workerSeries(coin.code, address, worker, range),
    placeholderData: keepPreviousData,
  });
  const ref = useRef<HTMLDivElement>(null);
  // A block body: newer browsers answer scrollIntoView with a promise, which React would take for
  // the effect's clean-up and call on close ("is not a function").
  useEffect(() => {
    void ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);
  return (
    <div ref={ref} data-testid="address-worker-chart">
      <HashrateCard
        title={t('workers.chart_title', { name: worker })}
        seriesName={t('dashboard.chart_series')}
        range={range}
        onRangeChange={setRange}
        query={series}
        timezone={timezone}
        withRejectRate
        extra={<Button type="text" icon={<CloseOutlined />} aria-label={t('workers.close_chart')} onClick={onClose} />}
      />
    </div>
  );
}

function Earnings({ coin, address }: { coin: CoinInfo; address: string }) {
  const { t } = useTranslation('mining');
  // The days of the last 30, ten to a page (the totals above are the address's, whatever the page).
  const [page, setPage] = useState(1);
  const profits = useQuery({ queryKey: ['address-mining', coin.code, address, 'profits', page], queryFn: () => addressMiningApi.profits(coin.code, address, page), placeholderData: keepPreviousData });
  const p = profits.data;
  return (
    <Panel>
      <Text strong style={{ fontSize: 18, display: 'block', marginBottom: 16 }}>
        {t('earnings.title')}
      </Text>
      {/* Amounts of 6-8 decimals do not fit a card's large figure on a phone: label and value rows. */}
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 2, md: 4 }}
        items={[
          { key: 'unpaid', label: t('earnings.unpaid'), children: p ? <span data-testid="address-unpaid"><AmountText value={p.unpaid} coin={coin.code} strong /></span> : '--' },
          { key: 'earned', label: t('earnings.total_earned'), children: p ? <AmountText value={p.total_earned} coin={coin.code} /> : '--' },
          { key: 'paid', label: t('earnings.total_paid'), children: p ? <AmountText value={p.total_paid} coin={coin.code} /> : '--' },
          { key: 'min', label: t('earnings.min_payout'), children: p ? `${p.min_payout} ${coin.symbol}` : '--' },
        ]}
      />
      {p && (
        <Paragraph tone="secondary" style={{ margin: '8px 0 0', fontSize: 13 }}>
          {t('earnings.rule', { fee: p.fee_rate })}
        </Paragraph>
      )}
      <div style={{ marginTop: 16 }}>
        {!p ? (
          <LoadState failed={profits.isError} />
        ) : (
          <ResponsiveTable
            rows={p.list}
            rowKey={(r) => r.day}
            caption={t('earnings.daily')}
            empty={t('earnings.empty')}
            columns={[
              { key: 'day', title: t('earnings.day'), render: (r) => r.day },
              { key: 'hashrate', title: t('earnings.hashrate'), align: 'right', render: (r) => formatHashrate(r.hashrate) },
              { key: 'amount', title: t('earnings.amount'), align: 'right', render: (r) => <AmountText value={r.amount} coin={coin.code} strong /> },
            ]}
          />
        )}
        <Pager page={page} total={p?.total ?? 0} onChange={setPage} />
      </div>
    </Panel>
  );
}

function Payments({ coin, address }: { coin: CoinInfo; address: string }) {
  const { t } = useTranslation('mining');
  const timezone = useTimezone();
  const [page, setPage] = useState(1);
  const payments = useQuery({ queryKey: ['address-mining', coin.code, address, 'payments', page], queryFn: () => addressMiningApi.payments(coin.code, address, page), placeholderData: keepPreviousData });
  return (
    <Panel>
      <Text strong style={{ fontSize: 18, display: 'block', marginBottom: 16 }}>
        {t('payments.title')}
      </Text>
      {!payments.data ? (
        <LoadState failed={payments.isError} />
      ) : (
        <ResponsiveTable
          rows={payments.data.list}
          rowKey={(r) => `${r.time}:${r.txid ?? ''}`}
          caption={t('payments.title')}
          empty={t('payments.empty')}
          columns={[
            { key: 'time', title: t('payments.time', { timezone }), render: (r) => formatDateTime(r.time, timezone, 'YYYY-MM-DD HH:mm') },
            { key: 'amount', title: t('payments.amount'), align: 'right', render: (r) => <AmountText value={r.amount} coin={coin.code} strong /> },
            { key: 'fee', title: t('payments.fee'), align: 'right', render: (r) => <AmountText value={r.fee} coin={coin.code} /> },
            { key: 'txid', title: t('payments.txid'), render: (r) => <span style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{r.txid ?? '--'}</span> },
            { key: 'status', title: t('payments.status'), render: (r) => <Tag>{t(`payments.statuses.${r.status}`)}</Tag> },
          ]}
        />
      )}
      <Pager page={page} total={payments.data?.total ?? 0} onChange={setPage} />
    </Panel>
  );
}
