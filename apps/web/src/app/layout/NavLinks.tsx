// The main navigation as plain links: a row in the desktop header, a column in the mobile drawer.
// Its entries are the route table's `main` menu (app/routes.ts).
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { SafeLink } from '../../shell/navigation/navigation';
import { useActiveMenuKey, useMenu } from '../../shell/routing/route-table-context';

export function NavLinks({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const items = useMenu('main');
  const active = useActiveMenuKey('main');
  return (
    <nav aria-label={t('header.navigation')} style={{ display: 'flex', flexDirection: vertical ? 'column' : 'row', alignItems: vertical ? 'stretch' : 'center', gap: 4, minWidth: 0 }}>
      {items.map((item) => {
        const current = item.key === active;
        return (
          <SafeLink
            key={item.key}
            to={item.to}
            onClick={onNavigate}
            aria-current={current ? 'page' : undefined}
            style={{
              display: 'block',
              lineHeight: '22px',
              padding: vertical ? '10px 12px' : '6px 12px',
              borderRadius: token.borderRadius,
              whiteSpace: 'nowrap',
              fontWeight: current ? 600 : 400,
              color: token.colorText,
              background: current ? token.colorPrimaryBg : undefined,
            }}
          >
            {t(item.label)}
          </SafeLink>
        );
      })}
    </nav>
  );
}
