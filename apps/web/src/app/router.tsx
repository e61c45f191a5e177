// The routes: the shell layout, then the guard, then one route per entry of the table. Pages are
// created once here as lazy components; a route without a page shows NotAvailablePage. The
// declarative router is enough (no loaders or actions) and is about half the size of the data one.
import { BrowserRouter, Route, Routes } from 'react-router';
import { ROUTES } from './routes';
import { lazyPage } from './lazy-page';
import { AppLayout } from './layout/AppLayout';
import { RouteGuard } from './RouteGuard';
import { NotAvailablePage } from './NotAvailablePage';

const pages = ROUTES.map((route) => ({ path: route.path, Page: route.page ? lazyPage(route.page) : NotAvailablePage }));

export function AppRouter() {
  return (
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
  );
}
