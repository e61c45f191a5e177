// Promotions: the hashrate gift red packets (public pages by their link, the user's received
// packets), fee coupons, their messages, and the operators' campaigns and red packets.
import { ACCESS, inMenu } from '../../shell/routing/route-table';
import { defineFeature, type RouteDef } from '../../shell/features/feature';
import { adminRoute } from '../../shell/features/admin-page';

const routes: readonly RouteDef[] = [
  { path: '/activity/red_packet/:packetId', access: 'public', page: () => import('./pages/RedPacketPage'), title: 'promotions:packet.title' },
  { path: '/activity/red_packet/:packetId/detail', access: 'public', page: () => import('./pages/RedPacketDetailPage'), title: 'promotions:packet.detail_title' },
  { path: '/user/red_packet', access: ACCESS.user, page: () => import('./pages/MyRedPacketsPage'), title: 'promotions:receipts.title',
    menu: [inMenu('user', 60, 'promotions:nav.red_packets')] },
  { path: '/user/red_packet/:id', access: ACCESS.user, page: () => import('./pages/MyRedPacketPage'), title: 'promotions:receipts.detail_title', parentKeys: ['/user/red_packet'] },
  { path: '/user/coupon', access: ACCESS.user, page: () => import('./pages/CouponPage'), title: 'promotions:coupons.title',
    menu: [inMenu('user', 70, 'promotions:nav.coupons')] },
  { path: '/user/coupon/:couponId/:itemId', access: ACCESS.user, page: () => import('./pages/CouponDetailPage'), title: 'promotions:coupons.detail_title', parentKeys: ['/user/coupon'] },
  // The operators' area: coupon campaigns and red packets reserve and pay budgets from the pool:
  // admin only, as their server routes.
  adminRoute({ key: 'coupons', order: 120, title: 'promotions:admin_tabs.coupons', roles: [], load: () => import('./components/admin/CampaignsAdmin').then((m) => m.CampaignsAdmin) }),
  adminRoute({ key: 'packets', order: 130, title: 'promotions:admin_tabs.packets', roles: [], load: () => import('./components/admin/RedPacketsAdmin').then((m) => m.RedPacketsAdmin) }),
];

export const promotionsFeature = defineFeature({
  name: 'promotions',
  namespaces: ['promotions'],
  routes,
});
