// Pieces the contract pages share: their tabs (products, my orders, dashboard, terms), an order's
// status tag, a labelled field of a detail list, and a hashrate with its unit.
import type { ReactNode } from 'react';
import { Flex, Segmented, Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { findCoin, type ContractOrderStatus } from '@hashpool/shared';
import { useSafeNavigate } from '../../../shell/navigation/navigation';
import { useIsMobile } from '../../../ui/responsive';
import { PageHeader } from '../../../ui/PageHeader';

export const contractPaths = {
  list: '/contract/list',
  detail: (id: string) => `/contract/detail?id=${encodeURIComponent(id)}`,
  orders: '/contract/order',
  order: (id: string) => `/contract/order/${encodeURIComponent(id)}`,
  profit: (id: string) => `/contract/order/${encodeURIComponent(id)}/profit`,
  dashboard: '/contract/dashboard',
  terms: (id?: string) => (id ? `/contract/terms?id=${encodeURIComponent(id)}` : '/contract/terms'),
};

const TABS = [
  { key: 'list', path: contractPaths.list },
  { key: 'orders', path: contractPaths.orders },
  { key: 'dashboard', path: contractPaths.dashboard },
] as const;

/** The page's title and the contracts' tabs. */
export function ContractFrame({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('contracts');
  const navigate = useSafeNavigate();
  const { pathname } = useLocation();
  const current = pathname.startsWith('/contract/order') ? 'orders' : pathname.startsWith('/contract/dashboard') ? 'dashboard' : 'list';
  return (
    <Flex vertical gap={16}>
      <PageHeader title={title} subtitle={subtitle} />
      <nav aria-label={t('nav.label')}>
        <Segmented value={current} onChange={(key) => navigate(TABS.find((tab) => tab.key === key)!.path)} options={TABS.map((tab) => ({ value: tab.key, label: t(`nav.${tab.key}`) }))} />
      </nav>
      {children}
    </Flex>
  );
}

const STATUS_COLOURS: Record<ContractOrderStatus, string> = { unpaid: 'warning', checking: 'processing', effect: 'success', finish: 'default', cancelled: 'default', rejected: 'error' };

export function OrderStatusTag({ status }: { status: ContractOrderStatus }) {
  const { t } = useTranslation('contracts');
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="order-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  return (
    <Flex vertical={isMobile} gap={isMobile ? 2 : 24} style={{ padding: '10px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      <dt style={{ width: isMobile ? undefined : 200, flexShrink: 0, color: token.colorTextSecondary }}>{label}</dt>
      <dd style={{ margin: 0, minWidth: 0, wordBreak: 'break-all', color: token.colorText }}>{children}</dd>
    </Flex>
  );
}

/** "10 TH/s". */
export const hashrateText = (value: string, unit: string) => `${value} ${unit}`;

export const coinSymbol = (coin: string) => findCoin(coin)?.symbol ?? coin.toUpperCase();
