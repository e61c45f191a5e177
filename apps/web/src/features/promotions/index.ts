// What other features may use of promotions: the operators' panels for coupon campaigns and red
// packets, which the operators' area shows as tabs.
export { CampaignsAdmin } from './components/admin/CampaignsAdmin';
export { RedPacketsAdmin } from './components/admin/RedPacketsAdmin';
