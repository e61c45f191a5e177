// The miner catalogue: models, their details and the calculator, and the operators' editor
// (content role).
import { inMenu } from '../../shell/routing/route-table';
import { defineFeature, type RouteDef } from '../../shell/features/feature';

const routes: readonly RouteDef[] = [
  { path: '/miners', access: 'public', page: () => import('./pages/MinersPage'), title: 'common:nav.miners', menu: [{ menu: 'main', order: 30, key: 'miners' }] },
  { path: '/miners/detail/:id', access: 'public', page: () => import('./pages/MinerDetailPage'), title: 'common:nav.miners', parentKeys: ['miners'] },
  { path: '/admin/catalogue', access: { operator: ['content'] }, page: () => import('./pages/AdminCataloguePage'), title: 'catalogue:admin.title', menu: [inMenu('admin', 180, 'common:header.admin_catalogue')] },
];

export const catalogueFeature = defineFeature({ name: 'catalogue', namespaces: ['catalogue'], routes });
