// The page frame: header, the routed page, footer. The background comes from the theme's layout
// colour, so the dark theme has no light areas. The content fills at least the screen below the
// header (64 px), so the footer starts below the fold: a page and its data arriving push it down
// out of sight instead of moving it on screen (layout shift; e2e/layout-shift.spec.ts).
// Plain header/main/footer elements with the few rules of Ant Design's Layout the frame needs
// (global.css `hp-layout`, and the colours here): Layout's component and styles, and the icons of
// its side bar that come with them, would add some 3 KB to the first screen (scripts/bench-bundle.mjs).
import { Suspense, type CSSProperties } from 'react';
import { theme } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { AppHeader } from './AppHeader';
import { AppFooter } from './AppFooter';
import { ScrollToTop } from '../ScrollToTop';
import { SessionKeeper } from '../SessionKeeper';
import { RouteErrorBoundary } from '../RouteErrorBoundary';
import { PageSpinner } from '../../ui/PageSpinner';
import { CONTENT_MAX_WIDTH } from '../../ui/responsive';
import { ObserverBanner, ObserverKeeper } from '../../features/observers';

export function AppLayout() {
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  return (
    // The font Ant Design sets on each of its components' root, inherited by the whole frame, and
    // the link colours of its reset inside them (global.css `hp-layout`).
    <div
      className="hp-layout"
      style={{
        minHeight: '100vh',
        background: token.colorBgLayout,
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
        ...({ '--hp-link': token.colorLink, '--hp-link-hover': token.colorLinkHover, '--hp-link-active': token.colorLinkActive, '--hp-link-disabled': token.colorTextDisabled } as CSSProperties),
      }}
    >
      <ScrollToTop />
      <SessionKeeper />
      <ObserverKeeper />
      <AppHeader />
      <main
        style={{ flex: 'auto', color: token.colorText, width: '100%', maxWidth: CONTENT_MAX_WIDTH, margin: '0 auto', padding: '24px 16px 48px', minHeight: 'calc(100vh - 64px)', boxSizing: 'border-box' }}
      >
        <ObserverBanner />
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <AppFooter />
    </div>
  );
}
