// The main navigation as plain links: a row in the desktop header, a column in the mobile drawer.
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SafeLink } from '../../shell/navigation/navigation';
import { activeNavKey, NAV_ITEMS } from './nav-items';

export function NavLinks({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const location = useLocation();
  const active = activeNavKey(location.pathname, location.hash);
  return (
    <nav aria-label={t('header.navigation')} style={{ display: 'flex', flexDirection: vertical ? 'column' : 'row', alignItems: vertical ? 'stretch' : 'center', gap: 4, minWidth: 0 }}>
      {NAV_ITEMS.map((item) => {
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
