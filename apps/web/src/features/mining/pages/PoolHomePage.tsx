// /pool/:type/home (pool.view): the current sub-account's dashboard for one coin: hashrate over
// 15 minutes, 1 hour and 24 hours, reject rate, workers by status, the hashrate chart (24 h or
// 30 d) and the pool's latest blocks. A sub-account without workers gets the connection guide.
import { useState } from 'react';
import { Button, Flex } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CoinInfo } from '@hashpool/shared';
import { SafeLink } from '../../../shell/navigation/navigation';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { StatusResult } from '../../../ui/StatusResult';
import { Paragraph } from '../../../ui/Text';
import { BlockList } from '../components/BlockList';
import { ConnectGuide } from '../components/ConnectGuide';
import { HashrateCard } from '../../../ui/charts/HashrateCard';
import { PoolAccountPage } from '../../../shell/frames/PoolFrame';
import { HashrateStat, StatCard } from '../../../ui/StatCard';
import { StatGrid } from '../../../ui/StatGrid';
import { WorkerCounts } from '../components/WorkerCounts';
import { useTimezone } from '../../../shell/frames/usePoolContext';
import { DASHBOARD_BLOCKS, poolPaths } from '../lib/constants';
import { formatPercent } from '../lib/format';
import type { HashrateRange, MinerCounts } from '../mining.api';
import { useAccountHashrates, useAccountStats, useBlocks, type AccountScope } from '../mining.queries';

export default function PoolHomePage() {
  const { t } = useTranslation('pool');
  return <PoolAccountPage title={t('nav.home')}>{(coin, account) => <Dashboard coin={coin} scope={{ coin: coin.code, account }} />}</PoolAccountPage>;
}

function Dashboard({ coin, scope }: { coin: CoinInfo; scope: AccountScope }) {
  const { t } = useTranslation('pool');
  const stats = useAccountStats(scope);
  if (stats.isError && !stats.data) {
    return <StatusResult status="error" title={t('common.load_failed')} extra={<Button onClick={() => void stats.refetch()}>{t('common.retry')}</Button>} />;
  }
  if (!stats.data) return <PageSpinner />;
  const s = stats.data;
  return (
    <Flex vertical gap={24}>
      <StatGrid>
        <HashrateStat label={t('fields.hashrate_15m')} hashrate={s.hashrate_15m} testId="hashrate-15m" />
        <HashrateStat label={t('fields.hashrate_1h')} hashrate={s.hashrate_1h} testId="hashrate-1h" />
        <HashrateStat label={t('fields.hashrate_24h')} hashrate={s.hashrate_24h} testId="hashrate-24h" />
        <StatCard label={t('fields.reject_rate')} value={formatPercent(s.reject_rate)} testId="reject-rate" />
      </StatGrid>
      {s.workers.total === 0 ? <NoWorkers coin={coin} account={scope.account} /> : <Activity coin={coin} scope={scope} counts={s.workers} />}
      <LatestBlocks coin={coin} />
    </Flex>
  );
}

function Activity({ coin, scope, counts }: { coin: CoinInfo; scope: AccountScope; counts: MinerCounts }) {
  const { t } = useTranslation('pool');
  const timezone = useTimezone();
  const [range, setRange] = useState<HashrateRange>('24h');
  const series = useAccountHashrates(scope, range);
  return (
    <>
      <WorkerCounts coin={coin.code} counts={counts} />
      <HashrateCard
        title={t('home.chart_title', { account: scope.account })}
        seriesName={t('fields.hashrate')}
        range={range}
        onRangeChange={setRange}
        query={series}
        timezone={timezone}
        withRejectRate
      />
    </>
  );
}

function NoWorkers({ coin, account }: { coin: CoinInfo; account: string }) {
  const { t } = useTranslation('pool');
  return (
    <Panel title={t('home.empty_title')}>
      <Paragraph tone="secondary">{t('home.empty_text', { coin: coin.name })}</Paragraph>
      <ConnectGuide coin={coin} account={account} />
    </Panel>
  );
}

function LatestBlocks({ coin }: { coin: CoinInfo }) {
  const { t } = useTranslation('pool');
  const timezone = useTimezone();
  const blocks = useBlocks(coin.code, 1, DASHBOARD_BLOCKS);
  return (
    <section aria-labelledby="latest-blocks">
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <div id="latest-blocks" role="heading" aria-level={2} style={{ fontWeight: 600, fontSize: 16 }}>
          {t('home.blocks_title')}
        </div>
        <SafeLink to={poolPaths.stat(coin.code)}>
          {t('home.blocks_all')} <RightOutlined />
        </SafeLink>
      </Flex>
      {blocks.data ? <BlockList coin={coin.code} blocks={blocks.data.list} timezone={timezone} brief /> : blocks.isError ? <Paragraph tone="secondary">{t('common.load_failed')}</Paragraph> : <PageSpinner />}
    </section>
  );
}
