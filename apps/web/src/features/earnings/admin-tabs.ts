// The earnings feature's tabs in the operators' area: fee rates and market data (admin only) and
// coin prices and currency rates (admin and finance), as their routes.
import type { AdminTabDef } from '../../shell/features/feature';
import { FeeRatesAdmin } from './components/admin/FeeRatesAdmin';
import { MarketDataAdmin } from './components/admin/MarketDataAdmin';
import { PricesAdmin } from './components/admin/PricesAdmin';

export const EARNINGS_ADMIN_TABS: readonly AdminTabDef[] = [
  { key: 'fees', order: 60, label: 'earnings:admin_tabs.fees', roles: [], component: FeeRatesAdmin },
  { key: 'market', order: 70, label: 'earnings:admin_tabs.market', roles: [], component: MarketDataAdmin },
  // Prices decide money: finance as well as admin, as its routes.
  { key: 'prices', order: 75, label: 'earnings:admin_tabs.prices', roles: ['finance'], component: PricesAdmin },
];

export default EARNINGS_ADMIN_TABS;
