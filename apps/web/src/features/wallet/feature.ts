// The wallet: its pages' tabs are the `wallet` menu; the assets are also a header shortcut.
import { ACCESS, inMenu } from '../../shell/routing/route-table';
import { defineFeature, type RouteDef } from '../../shell/features/feature';

const routes: readonly RouteDef[] = [
  { path: '/asset/index', access: ACCESS.wallet, page: () => import('./pages/AssetPage'), title: 'wallet:title',
    menu: [{ menu: 'shortcuts', order: 10, label: 'common:header.wallet', icon: 'wallet' }, inMenu('wallet', 10, 'wallet:nav.assets')] },
  { path: '/asset/transaction', access: ACCESS.wallet, page: () => import('./pages/TransactionPage'), title: 'wallet:transactions.title',
    menu: [inMenu('wallet', 20, 'wallet:nav.transactions')] },
  { path: '/fund/:id', access: ACCESS.account, page: () => import('./pages/FundDetailPage'), title: 'wallet:fund.title' },
];

export const walletFeature = defineFeature({ name: 'wallet', namespaces: ['wallet'], routes });
