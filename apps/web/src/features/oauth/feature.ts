// OAuth: the consent screen (a logged-in user must reach it: it is where they pick the accounts to
// grant), where the provider shows what it cannot send back, the applications a user authorized
// (revocable) and the operators' OAuth applications (admin only).
import { ACCESS, inMenu } from '../../shell/routing/route-table';
import { defineFeature, type RouteDef } from '../../shell/features/feature';

const routes: readonly RouteDef[] = [
  { path: '/login/oauth/authorize', access: 'public', page: () => import('./pages/ConsentPage'), title: 'oauth:consent.page_title' },
  { path: '/authredirect', access: 'public', page: () => import('./pages/AuthRedirectPage'), title: 'oauth:redirect.page_title' },
  { path: '/user/authredirect', access: ACCESS.user, page: () => import('./pages/AuthorizedAppsPage'), title: 'oauth:apps.title',
    menu: [inMenu('user', 45, 'oauth:apps.nav')] },
  { path: '/admin/oauth', access: 'admin', page: () => import('./pages/AdminOAuthPage'), title: 'oauth:admin.title', menu: [inMenu('admin', 190, 'common:header.admin_oauth')] },
];

export const oauthFeature = defineFeature({ name: 'oauth', namespaces: ['oauth'], routes });
