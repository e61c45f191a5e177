// /mining/:coin/stats (public): the coin's pool: its hashrate and the network's, miners and
// workers mining now, and the blocks it found.
import { useState } from 'react';
import { Flex } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type CoinInfo } from '@hashpool/shared';
import { Panel } from '../../../ui/Panel';
import { Text } from '../../../ui/Text';
import { BlockList } from '../../mining';
import { HashrateCard } from '../../../ui/charts/HashrateCard';
import { Pager } from '../../../ui/Pager';
import { HashrateStat, StatCard } from '../../../ui/StatCard';
import { StatGrid } from '../../../ui/StatGrid';
import { useTimezone } from '../../../shell/frames/usePoolContext';
import type { HashrateRange } from '../../../ui/charts/RangeSwitch';
import { addressMiningApi } from '../address-mining.api';
import { AddressFrame } from '../components/AddressFrame';

export default function AddressStatsPage() {
  return <AddressFrame page="stats">{(coin) => <Stats coin={coin} />}</AddressFrame>;
}

function Stats({ coin }: { coin: CoinInfo }) {
  const { t } = useTranslation('mining');
  const timezone = useTimezone();
  const [range, setRange] = useState<HashrateRange>('24h');
  const [page, setPage] = useState(1);
  const pool = useQuery({ queryKey: ['address-mining', coin.code, 'pool'], queryFn: () => addressMiningApi.pool(coin.code), refetchInterval: 60_000 });
  const series = useQuery({ queryKey: ['address-mining', coin.code, 'pool-series', range], queryFn: () => addressMiningApi.poolSeries(coin.code, range), placeholderData: keepPreviousData });
  const blocks = useQuery({ queryKey: ['address-mining', coin.code, 'blocks', page], queryFn: () => addressMiningApi.blocks(coin.code, page), placeholderData: keepPreviousData });
  const p = pool.data;
  return (
    <Flex vertical gap={24}>
      <StatGrid>
        <HashrateStat label={t('stats.pool_hashrate')} hashrate={p?.pool_hashrate} testId="address-pool-hashrate" />
        <HashrateStat label={t('stats.network_hashrate')} hashrate={p?.network_hashrate} />
        <StatCard label={t('stats.miners')} value={p?.active_miners ?? '--'} testId="address-pool-miners" />
        <StatCard label={t('stats.workers')} value={p?.active_workers ?? '--'} testId="address-pool-workers" />
        <StatCard label={t('stats.blocks_24h')} value={p?.blocks_24h ?? '--'} />
        <StatCard label={t('stats.last_block', { timezone })} value={<span style={{ fontSize: 18 }}>{p?.last_block_time ? formatDateTime(p.last_block_time, timezone, 'YYYY-MM-DD HH:mm') : '--'}</span>} />
      </StatGrid>
      <HashrateCard title={t('stats.chart')} seriesName={t('stats.pool_hashrate')} range={range} onRangeChange={setRange} query={series} timezone={timezone} />
      <Panel>
        <Text strong style={{ fontSize: 18, display: 'block', marginBottom: 16 }}>
          {t('stats.blocks')}
        </Text>
        <BlockList coin={coin.code} blocks={blocks.data?.list ?? []} timezone={timezone} />
        <Pager page={page} total={blocks.data?.total ?? 0} onChange={setPage} />
      </Panel>
    </Flex>
  );
}
