// /user/mining (user.view): the user's mining across coins, one row per sub-account and coin it
// mines or earned (GET /users/mining-overview): hashrate now and over 24 hours, workers online and
// offline, yesterday's (UTC) earnings, and a link to that coin's pool page. Without any, a link to
// getting started.
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { findCoin, formatHashrate } from '@hashpool/shared';
import { SafeLink } from '../../../shell/navigation/navigation';
import { UserPage } from '../../../shell/frames/UserPage';
import { AmountText } from '../../../ui/AmountText';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { StatusResult } from '../../../ui/StatusResult';
import { Paragraph, Text } from '../../../ui/Text';
import { useIsMobile } from '../../../ui/responsive';
import type { MiningOverviewRow } from '../earnings.api';
import { useMiningOverview } from '../earnings.queries';

const coinName = (coin: string) => findCoin(coin)?.symbol ?? coin.toUpperCase();

function Overview() {
  const { t } = useTranslation('user');
  const isMobile = useIsMobile();
  const overview = useMiningOverview();
  if (!overview.data) return overview.isError ? <StatusResult status="error" title={t('mining.load_failed')} /> : <PageSpinner />;
  const nowrap = { whiteSpace: 'nowrap' } as const;
  const columns: DataColumn<MiningOverviewRow>[] = [
    { key: 'coin', title: t('mining.coin'), render: (row) => <Text strong>{coinName(row.coin)}</Text> },
    { key: 'account', title: t('mining.account'), render: (row) => <span style={{ wordBreak: 'break-all' }}>{row.account}</span> },
    { key: 'hashrate', title: t('mining.hashrate'), align: 'right', render: (row) => <span style={nowrap}>{formatHashrate(row.hashrate_15m)}</span> },
    { key: 'hashrate_24h', title: t('mining.hashrate_24h'), align: 'right', render: (row) => <span style={nowrap}>{formatHashrate(row.hashrate_24h)}</span> },
    {
      key: 'workers',
      title: t('mining.workers'),
      align: 'right',
      render: (row) => (
        <span style={nowrap}>
          <Text strong>{row.workers_online}</Text> / <Text tone="secondary">{row.workers_offline}</Text>
        </span>
      ),
    },
    { key: 'yesterday', title: t('mining.yesterday'), align: 'right', render: (row) => <AmountText value={row.yesterday} coin={row.coin} /> },
    { key: 'pool', title: t('mining.pool'), render: (row) => <SafeLink to={`/pool/${row.coin}/home`}>{t('mining.open_pool')}</SafeLink> },
  ];
  return (
    <Panel padding={isMobile ? 16 : 24}>
      <Flex vertical gap={12}>
        <Paragraph tone="secondary" style={{ margin: 0 }}>
          {t('mining.intro')}
        </Paragraph>
        <ResponsiveTable
          rows={overview.data.list}
          rowKey={(row) => `${row.account}:${row.coin}`}
          columns={columns}
          caption={t('mining.table')}
          empty={
            <span data-testid="mining-overview-empty">
              {t('mining.empty')} <SafeLink to="/pool/btc/info">{t('mining.getting_started')}</SafeLink>
            </span>
          }
          cardTestId="mining-overview-row"
        />
      </Flex>
    </Panel>
  );
}

export default function UserMiningPage() {
  const { t } = useTranslation('user');
  return <UserPage title={t('mining.title')}>{() => <Overview />}</UserPage>;
}
