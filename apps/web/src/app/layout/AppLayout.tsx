// The page frame: header, the routed page, footer. The background comes from the theme's layout
// colour, so the dark theme has no light areas. The content fills at least the screen below the
// header (64 px), so the footer starts below the fold: a page and its data arriving push it down
// out of sight instead of moving it on screen (layout shift; e2e/layout-shift.spec.ts).
import { Suspense } from 'react';
import { Layout } from 'antd';
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
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <ScrollToTop />
      <SessionKeeper />
      <ObserverKeeper />
      <AppHeader />
      <Layout.Content
        style={{ width: '100%', maxWidth: CONTENT_MAX_WIDTH, margin: '0 auto', padding: '24px 16px 48px', minHeight: 'calc(100vh - 64px)', boxSizing: 'border-box' }}
      >
        <ObserverBanner />
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </Layout.Content>
      <AppFooter />
    </Layout>
  );
}
