// /admin/wallet (operators only: routes.ts access 'admin'): the withdrawal review queue, a
// sub-account's ledger, manual adjustments, the reconciliation report, the audit log, and the
// earnings' fee rates and market data, one tab each (the tab is in the address: ?tab=ledger). The
// server checks the operator role on every call; the page shows only the tabs the viewer's roles
// may use (ADMIN_TAB_ROLES, the same roles as the routes' access policies; admin sees all).
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
import { operatorMay, type OperatorRole } from '@hashpool/shared';
import { useOperatorRoles } from '../../../shell/session/viewer';
import { Approvals } from '../components/Approvals';
import { CoinSettingsAdmin } from '../components/CoinSettingsAdmin';
import { UsersAdmin } from '../components/UsersAdmin';

import { CampaignsAdmin, RedPacketsAdmin } from '../../promotions';
import { StakingAdmin } from '../../staking';
import { ContractsAdmin } from '../../contracts';

const ADMIN_TABS = ['review', 'ledger', 'adjust', 'reconcile', 'audit', 'fees', 'market', 'stake', 'users', 'approvals', 'coins', 'coupons', 'packets', 'staking', 'contracts'] as const;
type AdminTab = (typeof ADMIN_TABS)[number];

/** Which operator roles may use each tab (admin: every tab), as the server's routes allow them. */
const ADMIN_TAB_ROLES: Record<AdminTab, readonly OperatorRole[]> = {
  review: ['finance'],
  ledger: ['finance'],
  adjust: ['finance'],
  reconcile: ['finance'],
  audit: ['finance'],
  fees: [],
  market: [],
  stake: [],
  users: ['support', 'finance'],
  approvals: ['finance'],
  coins: [],
  // Promotions reserve and pay budgets from the pool: admin only.
  coupons: [],
  packets: [],
  // Stake batches, loan products and loan approvals: admin only, as their routes.
  staking: [],
  // Contract products and the payment review: admin only, as their routes.
  contracts: [],
};

export default function AdminWalletPage() {
  const { t } = useTranslation('admin');
  const mine = useMine();
  const [params, setParams] = useSearchParams();
  const roles = useOperatorRoles();
  const allowed = ADMIN_TABS.filter((k) => operatorMay(roles, ADMIN_TAB_ROLES[k]));
  const asked = params.get('tab') ?? 'review';
  const tab: AdminTab | undefined = allowed.find((k) => k === asked) ?? allowed[0];
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
              // Operations (issue 22).
              { key: 'users', label: t('tabs.users'), children: <UsersAdmin timezone={timezone} /> },
              { key: 'approvals', label: t('tabs.approvals'), children: <Approvals timezone={timezone} /> },
              { key: 'coins', label: t('tabs.coins'), children: <CoinSettingsAdmin /> },
              // Promotions (issue 18).
              { key: 'coupons', label: t('tabs.coupons'), children: <CampaignsAdmin timezone={timezone} /> },
              { key: 'packets', label: t('tabs.packets'), children: <RedPacketsAdmin timezone={timezone} /> },
              // Staking and borrowing (issue 17).
              { key: 'staking', label: t('tabs.staking'), children: <StakingAdmin timezone={timezone} /> },
              // Cloud-mining contracts (issue 16).
              { key: 'contracts', label: t('tabs.contracts'), children: <ContractsAdmin timezone={timezone} /> },
            ].filter((item) => allowed.includes(item.key as AdminTab))}
          />
        </Panel>
      )}
    </Flex>
  );
}
