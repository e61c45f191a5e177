// The routes: the shell layout, then the guard, then one route per entry of the table. Pages are
// created once here as lazy components. The
// declarative router is enough (no loaders or actions) and is about half the size of the data one.
// The table also goes to the shell (menus, frames), which cannot import it, and so do the
// features' message renderers (app/features.ts), loaded when first needed. The routes placed in the
// `admin` menu share the operators' area's layout (its side menu), loaded with the first of them.
import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { RouteTableProvider } from '../shell/routing/route-table-context';
import { FeatureRegistryProvider, type FeatureRegistry } from '../shell/features/registry-context';
import { COMPOSED } from './features';
import { ROUTE_TABLE, ROUTES } from './routes';
import { lazyPage } from './lazy-page';
import { AppLayout } from './layout/AppLayout';
import { RouteGuard } from './RouteGuard';

const inAdminArea = (route: (typeof ROUTES)[number]) => (route.menu ?? []).some((placement) => placement.menu === 'admin');
const toPage = (route: (typeof ROUTES)[number]) => ({ path: route.path, Page: lazyPage(route.page) });
const pages = ROUTES.filter((route) => !inAdminArea(route)).map(toPage);
const adminPages = ROUTES.filter(inAdminArea).map(toPage);
const AdminLayout = lazy(() => import('./layout/AdminLayout'));

const registry: FeatureRegistry = {
  loadMessages: COMPOSED.loadMessages,
};

export function AppRouter() {
  return (
    <RouteTableProvider table={ROUTE_TABLE}>
      <FeatureRegistryProvider registry={registry}>
        <BrowserRouter>
          <Routes>
            <Route element={<AppLayout />}>
              <Route element={<RouteGuard />}>
                {pages.map(({ path, Page }) => (
                  <Route key={path} path={path} element={<Page />} />
                ))}
                <Route element={<AdminLayout />}>
                  {adminPages.map(({ path, Page }) => (
                    <Route key={path} path={path} element={<Page />} />
                  ))}
                </Route>
                {/* The guard sends unknown paths home; this only gives them a match. */}
                <Route path="*" element={null} />
              </Route>
            </Route>
          </Routes>
        </BrowserRouter>
      </FeatureRegistryProvider>
    </RouteTableProvider>
  );
}
