// Header: brand, navigation and settings on wide screens; brand and a drawer menu on phones and
// on screens too narrow for the full navigation.
import { lazy, Suspense, useState } from 'react';
import { Button, Flex, theme } from 'antd';
import { MenuOutlined } from '../../ui/first-screen-icons';
import { useTranslation } from 'react-i18next';
import { SafeLink } from '../../shell/navigation/navigation';
import { useCompactHeader, useIsMobile } from '../../ui/responsive';
import { useSiteName } from '../../shell/site/site';
import { NavLinks } from './NavLinks';
import { CurrencyMenu, LanguageMenu, ThemeSwitch } from './HeaderControls';
import { AccountArea } from './AccountArea';
import { BrandMark } from './BrandMark';
import { Text } from '../../ui/Text';

const MobileMenu = lazy(() => import('./MobileMenu'));

export function AppHeader() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  const compact = useCompactHeader();
  const siteName = useSiteName();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first opening on, so the drawer can animate closed.
  const [drawerUsed, setDrawerUsed] = useState(false);

  return (
    <header
      style={{
        // Ant Design's Layout.Header measures, in the page frame's own elements (AppLayout.tsx).
        flex: '0 0 auto',
        height: 64,
        lineHeight: '64px',
        color: token.colorText,
        position: 'sticky',
        top: 0,
        zIndex: 10,
        display: 'flex',
        alignItems: 'center',
        gap: 16,
        padding: isMobile ? '0 12px' : '0 24px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <SafeLink to="/" aria-label={siteName} style={{ display: 'flex', alignItems: 'center', gap: 8, flexShrink: 0 }}>
        <BrandMark />
        <Text strong style={{ fontSize: 18 }}>
          {siteName}
        </Text>
      </SafeLink>
      {compact ? (
        <>
          <div style={{ flex: 1 }} />
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={t('header.menu')}
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }}
          />
          {drawerUsed && (
            <Suspense fallback={null}>
              <MobileMenu open={drawerOpen} title={siteName} onClose={() => setDrawerOpen(false)} />
            </Suspense>
          )}
        </>
      ) : (
        <>
          <div style={{ flex: '1 1 auto', minWidth: 0, overflow: 'hidden' }}>
            <NavLinks />
          </div>
          <Flex align="center" gap={8} style={{ flexShrink: 0 }}>
            <CurrencyMenu />
            <LanguageMenu />
            <ThemeSwitch />
            <AccountArea />
          </Flex>
        </>
      )}
    </header>
  );
}
