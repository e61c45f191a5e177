// /pool/:type/miner/detail?id= (miner.view): one worker of the current sub-account: its figures
// (docs/rules.md, Entities: name, group, accepted shares, reject rate, hashrates, last share, last IP,
// status) and its hashrate chart over 24 hours or 30 days.
import { useState } from 'react';
import { Button, Descriptions, Flex } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ERRORS, formatDateTime, type CoinInfo } from '@hashpool/shared';
import { ApiError } from '../../../shell/api/api-error';
import { SafeLink } from '../../../shell/navigation/navigation';
import { LoadFailed } from '../../../ui/LoadFailed';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { StatusResult } from '../../../ui/StatusResult';
import { HashrateCard } from '../../../ui/charts/HashrateCard';
import { PoolAccountPage } from '../../../shell/frames/PoolFrame';
import { HashrateStat, StatCard } from '../../../ui/StatCard';
import { StatGrid } from '../../../ui/StatGrid';
import { StatusTag } from '../../../ui/StatusTag';
import { useTimezone } from '../../../shell/frames/usePoolContext';
import { poolPaths } from '../lib/constants';
import { formatPercent } from '../lib/format';
import { filtersToParams, parseFilters, workerIdOf } from '../lib/miner-query';
import { groupName } from '../lib/groups';
import type { HashrateRange } from '../mining.api';
import { useGroups, useMiner, useMinerHashrates, type AccountScope } from '../mining.queries';

export default function MinerDetailPage() {
  const { t } = useTranslation('pool');
  const [params] = useSearchParams();
  const id = workerIdOf(params);
  // Back to the list the worker was opened from (its filters and page came in ?list=), read as the list reads its address.
  const list = filtersToParams(parseFilters(new URLSearchParams(params.get('list') ?? ''))).toString();
  return (
    <PoolAccountPage
      title={t('detail.title')}
      coinSwitch={false}
      actions={(coin) => (
        <SafeLink to={poolPaths.miner(coin.code, list ? `?${list}` : '')}>
          <Button icon={<LeftOutlined />}>{t('detail.back')}</Button>
        </SafeLink>
      )}
    >
      {(coin, account) => (id === null ? <NotFound /> : <WorkerDetail coin={coin} scope={{ coin: coin.code, account }} id={id} />)}
    </PoolAccountPage>
  );
}

function NotFound() {
  const { t } = useTranslation('pool');
  return <StatusResult status="not-found" title={t('detail.not_found')} subtitle={t('detail.not_found_text')} />;
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.code === ERRORS.not_found.code || error.status === 404);
}

function WorkerDetail({ coin, scope, id }: { coin: CoinInfo; scope: AccountScope; id: number }) {
  const { t } = useTranslation('pool');
  const timezone = useTimezone();
  const [range, setRange] = useState<HashrateRange>('24h');
  const worker = useMiner(scope, id);
  // The chart waits for the worker: an id that is not one of ours needs no second refusal.
  const series = useMinerHashrates(scope, worker.data ? id : null, range);
  const groups = useGroups(scope);

  if (worker.isError && !worker.data) {
    // Another sub-account's worker, a cleared one, or a mistyped id all answer "not found"; any other
    // failure (the server's, the network's) is one to try again, not a worker that is gone.
    if (isNotFound(worker.error)) return <NotFound />;
    return <LoadFailed query={worker} />;
  }
  if (!worker.data) return <PageSpinner />;
  const w = worker.data;
  const group = groups.data?.find((g) => g.id === w.group_id);

  return (
    <Flex vertical gap={24}>
      <Panel>
        <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
          <span role="heading" aria-level={2} style={{ fontSize: 20, fontWeight: 600, wordBreak: 'break-all' }}>
            {scope.account}.{w.worker_name}
          </span>
          <StatusTag status={w.status} />
        </Flex>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 3 }}
          items={[
            { key: 'group', label: t('fields.group'), children: group ? groupName(group, t('groups.default')) : w.group_id === null ? t('groups.default') : '--' },
            { key: 'shares', label: t('fields.accepted_shares'), children: w.accepted_shares.toLocaleString() },
            { key: 'last_share', label: t('fields.last_share_time_tz', { timezone }), children: formatDateTime(w.last_share_time, timezone) },
            { key: 'ip', label: t('fields.last_ip'), children: w.last_ip ?? '--' },
            { key: 'coin', label: t('fields.coin'), children: coin.symbol },
          ]}
        />
      </Panel>
      <StatGrid>
        <HashrateStat label={t('fields.hashrate_15m')} hashrate={w.accept_15m.value} />
        <HashrateStat label={t('fields.hashrate_1h')} hashrate={w.accept_1h.value} />
        <HashrateStat label={t('fields.hashrate_24h')} hashrate={w.accept_24h.value} />
        <StatCard label={t('fields.reject_rate')} value={formatPercent(w.reject_rate)} />
      </StatGrid>
      <HashrateCard title={t('detail.chart_title', { name: w.worker_name })} seriesName={t('fields.hashrate')} range={range} onRangeChange={setRange} query={series} timezone={timezone} withRejectRate />
    </Flex>
  );
}
