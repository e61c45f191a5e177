// WeChat website login and binding: the page WeChat sends the user back to (its path is ours,
// docs/rules.md, Routes and access).
import { defineFeature, type RouteDef } from '../../shell/features/feature';

const routes: readonly RouteDef[] = [
  { path: '/bind-wechat', access: 'public', page: () => import('./pages/BindWechatPage'), title: 'wechat:callback.title' },
];

export const wechatFeature = defineFeature({ name: 'wechat', namespaces: ['wechat'], routes });
