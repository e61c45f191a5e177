// Promotions' tabs in the operators' area: coupon campaigns and red packets. They reserve and pay
// budgets from the pool: admin only, as their routes.
import type { AdminTabDef } from '../../shell/features/feature';
import { CampaignsAdmin } from './components/admin/CampaignsAdmin';
import { RedPacketsAdmin } from './components/admin/RedPacketsAdmin';

export const PROMOTIONS_ADMIN_TABS: readonly AdminTabDef[] = [
  { key: 'coupons', order: 120, label: 'promotions:admin_tabs.coupons', roles: [], component: CampaignsAdmin },
  { key: 'packets', order: 130, label: 'promotions:admin_tabs.packets', roles: [], component: RedPacketsAdmin },
];

export default PROMOTIONS_ADMIN_TABS;
