// The tabs-as-links under a page title that move between the pages of one area (user centre,
// wallet, a coin's pool or address-mining pages): real links, so each page has its own address and
// the browser's back button works. The tabs are a menu of the route table (app/routes.ts): those
// the viewer may open, in the table's order, the current one marked.
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuName } from '../routing/route-table';
import type { MenuParams } from '../routing/menus';
import { useActiveMenuKey, useMenu } from '../routing/route-table-context';
import { SafeLink } from './navigation';

interface SectionNavProps {
  menu: MenuName;
  /** The navigation's accessible name. */
  label: string;
  /** The routes' parameters: the coin of a coin's pages. */
  params?: MenuParams;
  /** A query every link carries (the address looked up travels between address-mining pages). */
  search?: string;
}

export function SectionNav({ menu, label, params, search = '' }: SectionNavProps) {
  const items = useMenu(menu, params);
  // The labels' namespaces ("user:nav.settings"): the page has loaded them already as a rule.
  const { t } = useTranslation([...new Set(items.map((item) => (item.label.includes(':') ? item.label.slice(0, item.label.indexOf(':')) : 'common')))]);
  const { token } = theme.useToken();
  const active = useActiveMenuKey(menu);
  return (
    <nav aria-label={label} style={{ display: 'flex', gap: 4, flexWrap: 'wrap', marginBottom: 24, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      {items.map((item) => {
        const current = item.key === active;
        return (
          <SafeLink
            key={item.key}
            to={item.to + search}
            aria-current={current ? 'page' : undefined}
            style={{
              padding: '8px 12px',
              marginBottom: -1,
              color: current ? token.colorPrimaryText : token.colorText,
              fontWeight: current ? 600 : 400,
              borderBottom: `2px solid ${current ? token.colorPrimaryText : 'transparent'}`,
            }}
          >
            {t(item.label)}
          </SafeLink>
        );
      })}
    </nav>
  );
}
