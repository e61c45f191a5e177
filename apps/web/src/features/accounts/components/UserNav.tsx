// The user centre's own navigation: settings, sub-accounts and the security log, each shown to
// those holding its permission.
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { holdsAny, type Permission } from '@hashpool/shared';
import { SafeLink } from '../../../app/navigation';
import { usePermissions } from '../../../app/viewer';

const ITEMS: readonly { to: string; label: string; permissions: readonly Permission[] }[] = [
  { to: '/user/setting', label: 'nav.settings', permissions: ['user.view'] },
  { to: '/user/account', label: 'nav.accounts', permissions: ['account.view'] },
  { to: '/user/logs', label: 'nav.logs', permissions: ['user.view'] },
];

export function UserNav() {
  const { t } = useTranslation('user');
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const permissions = usePermissions();
  return (
    <nav aria-label={t('nav.label')} style={{ display: 'flex', gap: 4, flexWrap: 'wrap', marginBottom: 24, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      {ITEMS.filter((item) => holdsAny(permissions, item.permissions)).map((item) => {
        const current = pathname === item.to;
        return (
          <SafeLink
            key={item.to}
            to={item.to}
            aria-current={current ? 'page' : undefined}
            style={{
              padding: '8px 12px',
              marginBottom: -1,
              color: current ? token.colorPrimary : token.colorText,
              fontWeight: current ? 600 : 400,
              borderBottom: `2px solid ${current ? token.colorPrimary : 'transparent'}`,
            }}
          >
            {t(item.label)}
          </SafeLink>
        );
      })}
    </nav>
  );
}
