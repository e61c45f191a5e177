// Support: tickets, the campaign pages managed in Site content and the campaigns a user joined,
// the operators' support queue (support role) and site content editor (content role), and the
// message telling a user that support answered.
import { ACCESS, inMenu } from '../../shell/routing/route-table';
import { defineFeature, type RouteDef } from '../../shell/features/feature';

const routes: readonly RouteDef[] = [
  { path: '/ticket', access: 'public', page: () => import('./pages/TicketPage'), title: 'common:nav.support', menu: [{ menu: 'main', order: 50, key: 'support' }] },
  { path: '/sales', access: 'public', page: () => import('./pages/CampaignPage'), title: 'support:campaign.name_sales' },
  { path: '/activity/goldshell', access: 'public', page: () => import('./pages/CampaignPage'), title: 'support:campaign.name_goldshell' },
  { path: '/user/app/activity', access: ACCESS.account, page: () => import('./pages/MyActivityPage'), title: 'support:activity.title',
    menu: [inMenu('user', 75, 'support:activity.title')] },
  { path: '/admin/support', access: { operator: ['support'] }, page: () => import('./pages/AdminSupportPage'), title: 'support:admin.title', menu: [inMenu('admin', 160, 'common:header.admin_support')] },
  { path: '/admin/content', access: { operator: ['content'] }, page: () => import('./pages/AdminContentPage'), title: 'support:content.title', menu: [inMenu('admin', 170, 'common:header.admin_content')] },
];

export const supportFeature = defineFeature({ name: 'support', namespaces: ['support'], routes });
