// /admin/wallet (operators only: routes.ts access 'admin'): the withdrawal review queue, a
// sub-account's ledger, manual adjustments, the reconciliation report, the audit log, and the
// earnings' fee rates and market data, one tab each (the tab is in the address: ?tab=ledger). The
// server checks the operator role on every call.
import { Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMine } from '../../../shell/session/user.queries';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { useIsMobile } from '../../../ui/responsive';
import { Paragraph, Title } from '../../../ui/Text';
import { AdjustmentForm } from '../components/AdjustmentForm';
import { AuditLog } from '../components/AuditLog';
import { LedgerSearch } from '../components/LedgerSearch';
import { ReconciliationReport } from '../components/ReconciliationReport';
import { ReviewQueue } from '../components/ReviewQueue';
import { FeeRatesAdmin, MarketDataAdmin } from '../../earnings';
import { StakeScheduleAdmin } from '../../address-mining';
import { ContractsAdmin } from '../../contracts';

const ADMIN_TABS = ['review', 'ledger', 'adjust', 'reconcile', 'audit', 'fees', 'market', 'stake', 'contracts'] as const;
type AdminTab = (typeof ADMIN_TABS)[number];

const parseTab = (value: string | null): AdminTab => ((ADMIN_TABS as readonly string[]).includes(value ?? '') ? (value as AdminTab) : 'review');

export default function AdminWalletPage() {
  const { t } = useTranslation('admin');
  const mine = useMine();
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const timezone = mine.data?.timezone;
  const isMobile = useIsMobile();

  return (
    <Flex vertical gap={16}>
      <div>
        <Title level={1} style={{ margin: 0, fontSize: 'clamp(22px, 3vw, 28px)' }}>
          {t('title')}
        </Title>
        <Paragraph tone="secondary" style={{ margin: '8px 0 0' }}>
          {t('subtitle')}
        </Paragraph>
      </div>
      {!timezone ? (
        <PageSpinner />
      ) : (
        <Panel padding={isMobile ? '4px 16px 16px' : '8px 24px 24px'}>
          <Tabs
            activeKey={tab}
            onChange={(key) => setParams(key === 'review' ? {} : { tab: key }, { replace: true })}
            destroyOnHidden
            items={[
              { key: 'review', label: t('tabs.review'), children: <ReviewQueue timezone={timezone} /> },
              { key: 'ledger', label: t('tabs.ledger'), children: <LedgerSearch timezone={timezone} /> },
              { key: 'adjust', label: t('tabs.adjust'), children: <AdjustmentForm /> },
              { key: 'reconcile', label: t('tabs.reconcile'), children: <ReconciliationReport timezone={timezone} /> },
              { key: 'audit', label: t('tabs.audit'), children: <AuditLog timezone={timezone} /> },
              { key: 'fees', label: t('tabs.fees'), children: <FeeRatesAdmin timezone={timezone} /> },
              { key: 'market', label: t('tabs.market'), children: <MarketDataAdmin timezone={timezone} /> },
              { key: 'stake', label: t('tabs.stake'), children: <StakeScheduleAdmin timezone={timezone} /> },
              { key: 'contracts', label: t('tabs.contracts'), children: <ContractsAdmin timezone={timezone} /> },
            ]}
          />
        </Panel>
      )}
    </Flex>
  );
}
