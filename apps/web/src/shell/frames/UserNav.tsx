// The user centre's own navigation: settings, sub-accounts, the security log, the messages and the
// invitations, each shown to those holding its permission.
import { useTranslation } from 'react-i18next';
import { holdsAny, type Permission } from '@hashpool/shared';
import { SectionNav } from '../navigation/SectionNav';
import { usePermissions } from '../session/viewer';

const ITEMS: readonly { to: string; label: string; permissions: readonly Permission[] }[] = [
  { to: '/user/setting', label: 'nav.settings', permissions: ['user.view'] },
  { to: '/user/account', label: 'nav.accounts', permissions: ['account.view'] },
  { to: '/user/logs', label: 'nav.logs', permissions: ['user.view'] },
  { to: '/user/message', label: 'nav.messages', permissions: ['user.view'] },
  { to: '/user/invite', label: 'nav.invite', permissions: ['recommend.view'] },
];

export function UserNav() {
  const { t } = useTranslation('user');
  const permissions = usePermissions();
  const items = ITEMS.filter((item) => holdsAny(permissions, item.permissions)).map((item) => ({ to: item.to, label: t(item.label) }));
  return <SectionNav label={t('nav.label')} items={items} />;
}
