// The operators' area: its pages are routes of the table under /admin/<page>, placed in the
// `admin` menu (its side menu, app/layout/AdminLayout.tsx), each with the roles of the server
// routes it calls (the wallet and operations modules' access policies;
// apps/server/test/operations.int.test.ts's access matrix). This feature's own pages are the
// wallet's operations (withdrawal review, ledger, adjustments, reconciliation, audit log), the
// operations module's (users, four-eyes approvals, coin settings) and the content module's coin
// list and site parameters; the other features declare theirs. /admin and the old /admin/wallet
// (?tab=<page>) send the operator to a page their roles may open. Its messages.ts words the
// alerts to operators.
import { inMenu } from '../../shell/routing/route-table';
import { adminRoute } from '../../shell/features/admin-page';
import { defineFeature, type RouteDef } from '../../shell/features/feature';

const ANY_OPERATOR = { operator: ['finance', 'support', 'content'] } as const;

const routes: readonly RouteDef[] = [
  { path: '/admin', access: ANY_OPERATOR, page: () => import('./pages/AdminHomePage'), title: 'admin:title', menu: [inMenu('account', 40, 'common:header.admin')] },
  { path: '/admin/wallet', access: ANY_OPERATOR, page: () => import('./pages/AdminHomePage'), title: 'admin:title' },
  adminRoute({ key: 'review', order: 10, title: 'admin:tabs.review', roles: ['finance'], load: () => import('./components/ReviewQueue').then((m) => m.ReviewQueue) }),
  adminRoute({ key: 'ledger', order: 20, title: 'admin:tabs.ledger', roles: ['finance'], load: () => import('./components/LedgerSearch').then((m) => m.LedgerSearch) }),
  adminRoute({ key: 'adjust', order: 30, title: 'admin:tabs.adjust', roles: ['finance'], load: () => import('./components/AdjustmentForm').then((m) => m.AdjustmentForm) }),
  adminRoute({ key: 'reconcile', order: 40, title: 'admin:tabs.reconcile', roles: ['finance'], load: () => import('./components/ReconciliationReport').then((m) => m.ReconciliationReport) }),
  adminRoute({ key: 'audit', order: 50, title: 'admin:tabs.audit', roles: ['finance'], load: () => import('./components/AuditLog').then((m) => m.AuditLog) }),
  adminRoute({ key: 'users', order: 90, title: 'admin:tabs.users', roles: ['support', 'finance'], load: () => import('./components/UsersAdmin').then((m) => m.UsersAdmin) }),
  adminRoute({ key: 'approvals', order: 100, title: 'admin:tabs.approvals', roles: ['finance'], load: () => import('./components/Approvals').then((m) => m.Approvals) }),
  adminRoute({ key: 'coins', order: 110, title: 'admin:tabs.coins', roles: [], load: () => import('./components/CoinSettingsAdmin').then((m) => m.CoinSettingsAdmin) }),
  adminRoute({ key: 'coin-list', order: 112, title: 'admin:tabs.coin_list', roles: [], load: () => import('./components/CoinListAdmin').then((m) => m.CoinListAdmin) }),
  adminRoute({ key: 'parameters', order: 115, title: 'admin:tabs.parameters', roles: [], load: () => import('./components/SiteParametersAdmin').then((m) => m.SiteParametersAdmin) }),
];

export const adminFeature = defineFeature({ name: 'admin', namespaces: ['admin'], routes });
