// Observer links: where a link leads (its token checked, then the link's first page) and the
// user's list of links.
import { ACCESS, inMenu } from '../../shell/routing/route-table';
import { defineFeature, type RouteDef } from '../../shell/features/feature';

const routes: readonly RouteDef[] = [
  { path: '/observer_redirect', access: 'public', page: () => import('./pages/ObserverRedirectPage'), title: 'observers:redirect.title' },
  { path: '/user/observe', access: ACCESS.user, page: () => import('./pages/ObserversPage'), title: 'observers:title',
    menu: [inMenu('user', 65, 'observers:nav')] },
];

export const observersFeature = defineFeature({ name: 'observers', namespaces: ['observers'], routes });
