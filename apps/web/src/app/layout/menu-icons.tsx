// The icons a route's menu entry may name (shell/routing/route-table.ts MenuIcon). The table holds
// names, not components, so it stays plain data and the icons load with the menus that show them.
import type { ReactNode } from 'react';
import { WalletOutlined } from '../../ui/first-screen-icons';
import type { MenuIcon } from '../../shell/routing/route-table';

export const MENU_ICONS: Record<MenuIcon, ReactNode> = {
  wallet: <WalletOutlined />,
};
