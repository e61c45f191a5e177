// The operators' area (/admin/wallet): any operator role opens it, and it shows the tabs of every
// feature (their admin-tabs.ts) that the viewer's roles may use. Its own tabs (admin-tabs.ts) are
// the wallet's operations and the operations module's; its messages.ts words the alerts to
// operators.
import { inMenu } from '../../shell/routing/route-table';
import { defineFeature, type RouteDef } from '../../shell/features/feature';

const routes: readonly RouteDef[] = [
  { path: '/admin/wallet', access: { operator: ['finance', 'support', 'content'] }, page: () => import('./pages/AdminWalletPage'), title: 'admin:title', menu: [inMenu('account', 40, 'common:header.admin')] },
];


export const adminFeature = defineFeature({ name: 'admin', namespaces: ['admin'], routes });
