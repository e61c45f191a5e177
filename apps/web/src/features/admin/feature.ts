// The operators' area (/admin/wallet): any operator role opens it, and it shows the tabs of every
// feature (their adminTabs) that the viewer's roles may use. Its own tabs are the wallet's
// operations (withdrawal review, ledger, adjustments, reconciliation, audit log) and the
// operations module's (users, four-eyes approvals, coin settings); the alerts to operators too.
// Each tab's roles are those of the server routes it calls (their access policies in the wallet
// and operations modules; the access matrix of apps/server/test/operations.int.test.ts checks them).
import { inMenu } from '../../shell/routing/route-table';
import { defineFeature, type AdminTabDef, type RouteDef } from '../../shell/features/feature';
import { ADMIN_MESSAGES } from './messages';

const routes: readonly RouteDef[] = [
  { path: '/admin/wallet', access: { operator: ['finance', 'support', 'content'] }, owner: 'wallet', page: () => import('./pages/AdminWalletPage'), title: 'admin:title', menu: [inMenu('account', 40, 'common:header.admin')] },
];

const adminTabs: readonly AdminTabDef[] = [
  { key: 'review', order: 10, label: 'admin:tabs.review', roles: ['finance'], load: () => import('./components/ReviewQueue').then((m) => ({ default: m.ReviewQueue })) },
  { key: 'ledger', order: 20, label: 'admin:tabs.ledger', roles: ['finance'], load: () => import('./components/LedgerSearch').then((m) => ({ default: m.LedgerSearch })) },
  { key: 'adjust', order: 30, label: 'admin:tabs.adjust', roles: ['finance'], load: () => import('./components/AdjustmentForm').then((m) => ({ default: m.AdjustmentForm })) },
  { key: 'reconcile', order: 40, label: 'admin:tabs.reconcile', roles: ['finance'], load: () => import('./components/ReconciliationReport').then((m) => ({ default: m.ReconciliationReport })) },
  { key: 'audit', order: 50, label: 'admin:tabs.audit', roles: ['finance'], load: () => import('./components/AuditLog').then((m) => ({ default: m.AuditLog })) },
  { key: 'users', order: 90, label: 'admin:tabs.users', roles: ['support', 'finance'], load: () => import('./components/UsersAdmin').then((m) => ({ default: m.UsersAdmin })) },
  { key: 'approvals', order: 100, label: 'admin:tabs.approvals', roles: ['finance'], load: () => import('./components/Approvals').then((m) => ({ default: m.Approvals })) },
  { key: 'coins', order: 110, label: 'admin:tabs.coins', roles: [], load: () => import('./components/CoinSettingsAdmin').then((m) => ({ default: m.CoinSettingsAdmin })) },
];

export const adminFeature = defineFeature({ name: 'admin', namespaces: ['admin'], routes, messages: ADMIN_MESSAGES, adminTabs });
