// Sets the tab's title for the route being shown (document-title.ts). Rendered by the guard once it
// lets a route through, so a redirect never flashes the title of the page it leaves.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router';
import { findCoin } from '@hashpool/shared';
import { normalizePath } from '../shell/routing/routing-rules';
import { useParameters } from '../shell/site/site.queries';
import { useSiteName } from '../shell/site/site';
import type { RouteMeta } from '../shell/routing/route-table';
import { documentTitle, titleNamespaces } from './document-title';

export function DocumentTitle({ route }: { route: RouteMeta }) {
  const { pathname } = useLocation();
  const site = useSiteName();
  const email = useParameters().data?.support_email ?? '';
  // Without suspense: the page loads its namespaces anyway; the title follows once they are in.
  const { t, ready } = useTranslation(titleNamespaces(route), { useSuspense: false });
  const params = matchPath({ path: route.path, end: true }, normalizePath(pathname))?.params ?? {};
  const coin = findCoin(params.type ?? params.coin ?? '');
  const title = ready ? documentTitle(route, t, { site, email, coin }) : null;
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
  return null;
}
