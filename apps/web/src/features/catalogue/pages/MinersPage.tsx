// /miners: the miner catalogue. Tabs: the profitability ranking (?tab= absent), the ASIC
// calculator (?tab=asic) and the GPU calculator (?tab=gpu), all at the user's electricity fee and
// in their display currency. Built-in demo market figures (no provider yet) are labelled as demo.
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Panel } from '../../../ui/Panel';
import { useIsMobile } from '../../../ui/responsive';
import { ResponsiveTabs } from '../../../ui/ResponsiveTabs';
import { PageHeader } from '../../../ui/PageHeader';
import { Calculator } from '../components/Calculator';
import { RankingTable } from '../components/RankingTable';
import { useMarket } from '../catalogue.queries';

const TABS = ['ranking', 'asic', 'gpu'] as const;
type Tab = (typeof TABS)[number];

export default function MinersPage() {
  const { t } = useTranslation('catalogue');
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((k) => k === params.get('tab')) ?? 'ranking';
  const isMobile = useIsMobile();
  const market = useMarket();
  const demo = market.data?.list.some((m) => m.demo) ?? false;
  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {demo && <Alert type="warning" showIcon message={t('demo_market')} data-testid="demo-market" />}
      <Panel padding={isMobile ? '4px 16px 16px' : '8px 24px 24px'}>
        <ResponsiveTabs<Tab>
          label={t('tabs.label')}
          activeKey={tab}
          onChange={(k) => setParams(k === 'ranking' ? {} : { tab: k }, { replace: true })}
          destroyOnHidden
          items={[
            { key: 'ranking', label: t('tabs.ranking'), children: <RankingTable /> },
            { key: 'asic', label: t('tabs.asic'), children: <Calculator kind="asic" /> },
            { key: 'gpu', label: t('tabs.gpu'), children: <Calculator kind="gpu" /> },
          ]}
        />
      </Panel>
    </Flex>
  );
}
