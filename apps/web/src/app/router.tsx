// The routes: the shell layout, then the guard, then one route per entry of the table. Pages are
// created once here as lazy components. The
// declarative router is enough (no loaders or actions) and is about half the size of the data one.
// The table also goes to the shell (menus, frames), which cannot import it, and so do the
// features' message renderers and operators' tabs (app/features.ts), loaded when first needed.
import { BrowserRouter, Route, Routes } from 'react-router';
import { RouteTableProvider } from '../shell/routing/route-table-context';
import { FeatureRegistryProvider, type FeatureRegistry } from '../shell/features/registry-context';
import { COMPOSED } from './features';
import { ROUTE_TABLE, ROUTES } from './routes';
import { lazyPage } from './lazy-page';
import { AppLayout } from './layout/AppLayout';
import { RouteGuard } from './RouteGuard';

const pages = ROUTES.map((route) => ({ path: route.path, Page: lazyPage(route.page) }));

const registry: FeatureRegistry = {
  loadMessages: COMPOSED.loadMessages,
  loadAdminTabs: COMPOSED.loadAdminTabs,
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
