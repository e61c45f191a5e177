// The earnings feature's tabs in the operators' area: fee rates and market data, admin only, as
// their routes.
import type { AdminTabDef } from '../../shell/features/feature';
import { FeeRatesAdmin } from './components/admin/FeeRatesAdmin';
import { MarketDataAdmin } from './components/admin/MarketDataAdmin';

export const EARNINGS_ADMIN_TABS: readonly AdminTabDef[] = [
  { key: 'fees', order: 60, label: 'earnings:admin_tabs.fees', roles: [], component: FeeRatesAdmin },
  { key: 'market', order: 70, label: 'earnings:admin_tabs.market', roles: [], component: MarketDataAdmin },
];

export default EARNINGS_ADMIN_TABS;
