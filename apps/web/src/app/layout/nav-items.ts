// The main navigation, shared by the desktop menu and the mobile drawer.
export interface NavItem {
  key: string;
  to: string;
  /** Key in the `common` namespace. */
  label: string;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'home', to: '/', label: 'nav.home' },
  { key: 'pools', to: '/#pools', label: 'nav.pools' },
  { key: 'miners', to: '/miners', label: 'nav.miners' },
  { key: 'download', to: '/download', label: 'nav.download' },
  { key: 'support', to: '/ticket', label: 'nav.support' },
];

/** Which item is the current one for a location. */
export function activeNavKey(pathname: string, hash: string): string | undefined {
  if (pathname === '/') return hash === '#pools' ? 'pools' : 'home';
  if (pathname.startsWith('/pool/') || pathname.startsWith('/mining/')) return 'pools';
  return NAV_ITEMS.find((item) => item.to !== '/' && pathname.startsWith(item.to))?.key;
}
