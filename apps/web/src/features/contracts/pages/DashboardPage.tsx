// /contract/dashboard (contract.view): the user's running contracts, their hashrate per coin,
// yesterday's and the total credited output, and the output per day of the last 30 days.
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatHashrate } from '@hashpool/shared';
import { LazyDailyBarChart } from '../../../ui/charts/LazyDailyBarChart';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { StatCard } from '../../../ui/StatCard';
import { StatGrid } from '../../../ui/StatGrid';
import { StatusResult } from '../../../ui/StatusResult';
import { useDashboard } from '../contracts.queries';
import { coinSymbol, ContractFrame } from '../components/ContractParts';

export default function DashboardPage() {
  const { t } = useTranslation('contracts');
  const dashboard = useDashboard();
  return (
    <ContractFrame title={t('dashboard.title')}>
      {!dashboard.data ? (
        dashboard.isError ? <StatusResult status="error" title={t('load_failed')} /> : <PageSpinner />
      ) : (
        <Flex vertical gap={16}>
          <StatGrid columns={2}>
            <StatCard label={t('dashboard.running')} value={dashboard.data.running} testId="contracts-running" />
          </StatGrid>
          {dashboard.data.coins.length === 0 ? (
            <StatusResult status="info" title={t('dashboard.empty')} />
          ) : (
            dashboard.data.coins.map((c) => {
              const bars = dashboard.data.days.filter((d) => d.coin === c.coin).map((d) => ({ day: d.day, value: Number(d.credited), label: `${d.credited} ${coinSymbol(c.coin)}` }));
              return (
                <Panel key={c.coin} title={coinSymbol(c.coin)}>
                  <Flex vertical gap={16}>
                    <StatGrid columns={3}>
                      <StatCard label={t('dashboard.hashrate')} value={formatHashrate(c.hashrate)} />
                      <StatCard label={t('dashboard.yesterday')} value={c.yesterday} unit={coinSymbol(c.coin)} />
                      <StatCard label={t('dashboard.total')} value={c.total} unit={coinSymbol(c.coin)} />
                    </StatGrid>
                    {bars.length > 0 && <LazyDailyBarChart bars={bars} seriesName={t('dashboard.output')} ariaLabel={t('dashboard.chart', { coin: coinSymbol(c.coin) })} />}
                  </Flex>
                </Panel>
              );
            })
          )}
        </Flex>
      )}
    </ContractFrame>
  );
}
