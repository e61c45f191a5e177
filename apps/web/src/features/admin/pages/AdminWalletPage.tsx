// /admin/wallet (any operator role: the route's access): the operators' area, one tab for each
// operators' screen that a feature declares (its admin-tabs.ts, put together by app/):
// the withdrawal review queue, a sub-account's ledger, adjustments, the reconciliation report and
// the audit log, the users, approvals and coin settings, and the earnings', address mining's,
// promotions', staking's and contracts' screens. The tab is in the address (?tab=ledger; the
// first tab has none). The server checks the operator role on every call; the page shows only the
// tabs the viewer's roles may use (each tab's `roles`, by operatorMay; admin sees all).
import { Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAdminTabs } from '../../../shell/features/registry-context';
import { namespaceOf } from '../../../shell/features/messages';
import { useMine } from '../../../shell/session/user.queries';
import { useOperatorRoles } from '../../../shell/session/viewer';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { useIsMobile } from '../../../ui/responsive';
import { Paragraph, Title } from '../../../ui/Text';
import { pickAdminTab } from '../lib/tabs';

export default function AdminWalletPage() {
  const tabs = useAdminTabs();
  // The tabs' labels are in their features' namespaces.
  const { t } = useTranslation(['admin', ...new Set(tabs.map((tab) => namespaceOf(tab.label)))]);
  const mine = useMine();
  const [params, setParams] = useSearchParams();
  const roles = useOperatorRoles();
  const { allowed, tab } = pickAdminTab(tabs, roles, params.get('tab'));
  const first = tabs[0]?.key;
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
            activeKey={tab?.key}
            onChange={(key) => setParams(key === first ? {} : { tab: key }, { replace: true })}
            destroyOnHidden
            items={allowed.map(({ key, label, component: Tab }) => ({ key, label: t(label), children: <Tab timezone={timezone} /> }))}
          />
        </Panel>
      )}
    </Flex>
  );
}
