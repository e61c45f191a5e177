// The operators' area (/admin/wallet): any operator role opens it, and it shows the tabs of every
// feature (their adminTabs) that the viewer's roles may use. Its own tabs are the wallet's
// operations (withdrawal review, ledger, adjustments, reconciliation, audit log) and the
// operations module's (users, four-eyes approvals, coin settings); the alerts to operators too.
// Each tab's roles are those of the server routes it calls (their access policies in the wallet
// and operations modules; the access matrix of apps/server/test/operations.int.test.ts checks them).
import { inMenu } from '../../shell/routing/route-table';
import { defineFeature, type RouteDef } from '../../shell/features/feature';

const routes: readonly RouteDef[] = [
  { path: '/admin/wallet', access: { operator: ['finance', 'support', 'content'] }, page: () => import('./pages/AdminWalletPage'), title: 'admin:title', menu: [inMenu('account', 40, 'common:header.admin')] },
];


export const adminFeature = defineFeature({ name: 'admin', namespaces: ['admin'], routes });
