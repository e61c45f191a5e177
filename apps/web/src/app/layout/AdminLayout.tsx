// The operators' area's layout: a side menu of its pages (the route table's `admin` menu: the
// pages the operator's roles may open, in order) beside the page. Below the phone breakpoint the
// menu becomes a select above the page, so no entry is cut off. Each page has its own address,
// title and access in the table; the server checks the roles on every call.
import { Suspense } from 'react';
import { Flex, Menu, Select, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { namespaceOf } from '../../shell/features/messages';
import { SafeLink, useSafeNavigate } from '../../shell/navigation/navigation';
import { useActiveMenuKey, useMenu } from '../../shell/routing/route-table-context';
import { PageSpinner } from '../../ui/PageSpinner';
import { useIsMobile } from '../../ui/responsive';
import { Text } from '../../ui/Text';

const MENU_WIDTH = 232;

export default function AdminLayout() {
  const entries = useMenu('admin');
  const active = useActiveMenuKey('admin');
  const { t } = useTranslation(['admin', ...new Set(entries.map((entry) => namespaceOf(entry.label)))]);
  const isMobile = useIsMobile();
  const navigate = useSafeNavigate();
  const { token } = theme.useToken();
  const page = (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );

  // One tree for both widths, the page always in the same place: were the phone and desktop forms
  // two trees, crossing the breakpoint (a turned tablet, a resized window, a full-page screenshot)
  // would remount the page and lose what the operator had open.
  return (
    <Flex vertical={isMobile} gap={isMobile ? 16 : 24} align={isMobile ? 'stretch' : 'flex-start'}>
      <nav aria-label={t('admin:menu.label')} style={isMobile ? undefined : { width: MENU_WIDTH, flex: 'none', position: 'sticky', top: 88 }}>
        {isMobile ? (
          <Select
            aria-label={t('admin:menu.choose')}
            data-testid="admin-menu-select"
            style={{ width: '100%' }}
            value={active}
            onChange={(key: string) => {
              const entry = entries.find((e) => e.key === key);
              if (entry) navigate(entry.to);
            }}
            options={entries.map((entry) => ({ value: entry.key, label: t(entry.label) }))}
          />
        ) : (
          <>
            <Text strong style={{ display: 'block', padding: '0 24px 8px', color: token.colorTextSecondary }}>
              {t('admin:title')}
            </Text>
            <Menu
              mode="inline"
              data-testid="admin-menu"
              selectedKeys={active ? [active] : []}
              style={{ borderInlineEnd: 'none', background: 'transparent' }}
              items={entries.map((entry) => ({
                key: entry.key,
                // Long names (Russian) wrap rather than being cut off.
                style: { height: 'auto', lineHeight: 1.4, paddingBlock: 9, whiteSpace: 'normal' },
                label: <SafeLink to={entry.to}>{t(entry.label)}</SafeLink>,
              }))}
            />
          </>
        )}
      </nav>
      <div style={isMobile ? { minWidth: 0 } : { flex: 1, minWidth: 0 }}>{page}</div>
    </Flex>
  );
}
