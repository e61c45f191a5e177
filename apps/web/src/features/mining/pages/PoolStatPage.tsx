// /pool/:type/stat (public): the pool for one coin: its hashrate and the network's (24 h or 30 d),
// active workers and miners, and the blocks it found with confirmations, status and effort.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime, type CoinInfo } from '@hashpool/shared';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Paragraph } from '../../../ui/Text';
import { BlockList } from '../components/BlockList';
import { HashrateCard } from '../../../ui/charts/HashrateCard';
import { Pager } from '../../../ui/Pager';
import { PoolPage } from '../../../shell/frames/PoolFrame';
import { HashrateStat, StatCard } from '../../../ui/StatCard';
import { StatGrid } from '../../../ui/StatGrid';
import { useTimezone } from '../../../shell/frames/usePoolContext';
import { formatCompact } from '../lib/format';
import type { HashrateRange } from '../mining.api';
import { useBlocks, useCoinPage, useNetworkHashrates, usePoolHashrates } from '../mining.queries';

export default function PoolStatPage() {
  const { t } = useTranslation('pool');
  return <PoolPage title={t('nav.stat')} sections={[Overview, Charts, Blocks]} />;
}

function Overview({ coin }: { coin: CoinInfo }) {
  const { t, i18n } = useTranslation('pool');
  const timezone = useTimezone();
  const page = useCoinPage(coin.code);
  if (!page.data && page.isPending) return <PageSpinner />;
  const p = page.data;
  return (
    <StatGrid>
      <HashrateStat label={t('stat.pool_hashrate')} hashrate={p?.pool_hashrate} testId="pool-hashrate" />
      <HashrateStat label={t('stat.network_hashrate')} hashrate={p?.network_hashrate} testId="network-hashrate" />
      <StatCard label={t('stat.network_difficulty')} value={formatCompact(p?.network_difficulty, i18n.language)} />
      <StatCard label={t('stat.active_workers')} value={p?.active_workers ?? '--'} testId="active-workers" />
      <StatCard label={t('stat.active_miners')} value={p?.active_miners ?? '--'} testId="active-miners" />
      <StatCard label={t('stat.blocks_24h')} value={p?.blocks_24h ?? '--'} />
      <StatCard label={t('stat.last_block', { timezone })} value={<span style={{ fontSize: 18 }}>{p?.last_block_time ? formatDateTime(p.last_block_time, timezone, 'YYYY-MM-DD HH:mm') : '--'}</span>} />
    </StatGrid>
  );
}

function Charts({ coin }: { coin: CoinInfo }) {
  const { t } = useTranslation('pool');
  const timezone = useTimezone();
  const [poolRange, setPoolRange] = useState<HashrateRange>('24h');
  const [networkRange, setNetworkRange] = useState<HashrateRange>('24h');
  const pool = usePoolHashrates(coin.code, poolRange);
  const network = useNetworkHashrates(coin.code, networkRange);
  // Two charts, not two lines on one: the pool is a tiny fraction of the network, and on a shared
  // axis its line would lie flat on zero.
  return (
    <>
      <HashrateCard title={t('stat.pool_chart')} seriesName={t('stat.pool_hashrate')} range={poolRange} onRangeChange={setPoolRange} query={pool} timezone={timezone} />
      <HashrateCard title={t('stat.network_chart')} seriesName={t('stat.network_hashrate')} range={networkRange} onRangeChange={setNetworkRange} query={network} timezone={timezone} />
    </>
  );
}

function Blocks({ coin }: { coin: CoinInfo }) {
  const { t } = useTranslation('pool');
  const timezone = useTimezone();
  // The page is in the address so that the back button and a reload keep it.
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const blocks = useBlocks(coin.code, page);
  return (
    <section aria-labelledby="pool-blocks">
      <div id="pool-blocks" role="heading" aria-level={2} style={{ fontWeight: 600, fontSize: 16, marginBottom: 12 }}>
        {t('blocks.title')}
      </div>
      {blocks.data ? (
        <>
          <BlockList coin={coin.code} blocks={blocks.data.list} timezone={timezone} />
          <Pager page={page} total={blocks.data.total} onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })} />
        </>
      ) : blocks.isError ? (
        <Paragraph tone="secondary">{t('common.load_failed')}</Paragraph>
      ) : (
        <PageSpinner />
      )}
    </section>
  );
}
