// Accounts: getting in (login, registration, password reset) and the user centre's settings,
// security log and sub-accounts (the `user` menu's tabs; also in the header's account menu).
import { ACCESS, inMenu } from '../../shell/routing/route-table';
import { defineFeature, type RouteDef } from '../../shell/features/feature';

/** Getting in: for visitors only (a logged-in user is sent home). */
const GUEST = { access: 'guest' } as const;

const routes: readonly RouteDef[] = [
  { ...GUEST, path: '/login', page: () => import('./pages/LoginPage'), title: 'auth:login.title' },
  { ...GUEST, path: '/register/email', page: () => import('./pages/RegisterPage'), title: 'auth:register.title' },
  { ...GUEST, path: '/register/phone', page: () => import('./pages/RegisterPage'), title: 'auth:register.title' },
  { ...GUEST, path: '/resetpassword/phone', page: () => import('./pages/ResetPasswordPage'), title: 'auth:reset.title' },
  { ...GUEST, path: '/resetpassword/email', page: () => import('./pages/ResetPasswordPage'), title: 'auth:reset.title' },
  { path: '/user/setting', access: ACCESS.user, page: () => import('./pages/SettingsPage'), title: 'user:settings.title',
    menu: [inMenu('account', 20, 'common:header.settings'), inMenu('user', 10, 'user:nav.settings')] },
  { path: '/user/logs', access: ACCESS.user, page: () => import('./pages/SecurityLogPage'), title: 'user:logs.title',
    menu: [inMenu('account', 30, 'common:header.security_log'), inMenu('user', 30, 'user:nav.logs')] },
  { path: '/user/account', access: ACCESS.account, page: () => import('./pages/SubAccountsPage'), title: 'user:accounts.title',
    menu: [inMenu('account', 10, 'common:header.sub_accounts'), inMenu('user', 20, 'user:nav.accounts')] },
];

export const accountsFeature = defineFeature({ name: 'accounts', namespaces: ['auth', 'user'], routes });
