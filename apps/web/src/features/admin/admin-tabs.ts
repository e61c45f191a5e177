// The operators' area's own tabs: the wallet's operations (withdrawal review, ledger, adjustments,
// reconciliation, audit log) and the operations module's (users, four-eyes approvals, coin
// settings) and the content module's coin list and site parameters. Each tab's roles are those of the server routes it calls (their access policies in
// the wallet and operations modules; apps/server/test/operations.int.test.ts's access matrix).
import type { AdminTabDef } from '../../shell/features/feature';
import { ReviewQueue } from './components/ReviewQueue';
import { LedgerSearch } from './components/LedgerSearch';
import { AdjustmentForm } from './components/AdjustmentForm';
import { ReconciliationReport } from './components/ReconciliationReport';
import { AuditLog } from './components/AuditLog';
import { UsersAdmin } from './components/UsersAdmin';
import { Approvals } from './components/Approvals';
import { CoinSettingsAdmin } from './components/CoinSettingsAdmin';
import { SiteParametersAdmin } from './components/SiteParametersAdmin';
import { CoinListAdmin } from './components/CoinListAdmin';

export const ADMIN_TABS: readonly AdminTabDef[] = [
  { key: 'review', order: 10, label: 'admin:tabs.review', roles: ['finance'], component: ReviewQueue },
  { key: 'ledger', order: 20, label: 'admin:tabs.ledger', roles: ['finance'], component: LedgerSearch },
  { key: 'adjust', order: 30, label: 'admin:tabs.adjust', roles: ['finance'], component: AdjustmentForm },
  { key: 'reconcile', order: 40, label: 'admin:tabs.reconcile', roles: ['finance'], component: ReconciliationReport },
  { key: 'audit', order: 50, label: 'admin:tabs.audit', roles: ['finance'], component: AuditLog },
  { key: 'users', order: 90, label: 'admin:tabs.users', roles: ['support', 'finance'], component: UsersAdmin },
  { key: 'approvals', order: 100, label: 'admin:tabs.approvals', roles: ['finance'], component: Approvals },
  { key: 'coins', order: 110, label: 'admin:tabs.coins', roles: [], component: CoinSettingsAdmin },
  { key: 'coin_list', order: 112, label: 'admin:tabs.coin_list', roles: [], component: CoinListAdmin },
  { key: 'parameters', order: 115, label: 'admin:tabs.parameters', roles: [], component: SiteParametersAdmin },
];

export default ADMIN_TABS;
