// The logged-in user's menu in the header: it is labelled with the current sub-account, switches
// to another one, and links to the account pages (the route table's `account` menu) and logout.
// Loaded only once someone logs in.
import { UserOutlined } from '../../ui/first-screen-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountsApi, logout, useAccounts } from '../../features/accounts';
import { useMine, userKeys } from '../../shell/session/user.queries';
import { useSafeNavigate } from '../../shell/navigation/navigation';
import { useMayOpen, useMenu } from '../../shell/routing/route-table-context';
import { setNextDestination } from '../../shell/session/session';
import { useToast } from '../../ui/toast';
import { MenuButton, type MenuChoice } from '../../ui/MenuButton';

const LOGOUT = 'logout';
const SWITCH = 'switch:';

export default function AccountMenu({ vertical = false }: { vertical?: boolean }) {
  const { t } = useTranslation();
  const links = useMenu('account');
  const navigate = useSafeNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const mine = useMine().data;
  // The sub-account list is for those who may open the sub-accounts page.
  const mayManage = useMayOpen('/user/account');
  const accounts = useAccounts(mayManage).data ?? [];
  const current = mine?.current_account ?? null;

  // Hidden sub-accounts stay out of the switcher (that is what hiding is for), except the current one.
  const switchable = accounts.filter((account) => !account.hidden || account.id === current?.id);
  const switchGroup = t('header.switch_sub_account');
  const choices: MenuChoice[] = [
    ...(switchable.length > 1 ? switchable.map((account) => ({ key: SWITCH + account.id, label: account.name, group: 'switch', groupLabel: switchGroup })) : []),
    ...links.map((link) => ({ key: link.key, label: t(link.label), group: 'links' })),
    { key: LOGOUT, label: t('header.logout'), group: 'logout' },
  ];

  const switchTo = async (id: string) => {
    const account = accounts.find((a) => a.id === id);
    if (!account || id === current?.id) return;
    await accountsApi.switchAccount(id);
    await queryClient.invalidateQueries({ queryKey: userKeys.all });
    toast.success(t('header.switched', { name: account.name }));
  };

  return (
    <MenuButton
      block={vertical}
      icon={<UserOutlined />}
      label={current?.name ?? t('header.account')}
      ariaLabel={current ? t('header.account_of', { name: current.name }) : t('header.account')}
      selected={current ? SWITCH + current.id : undefined}
      choices={choices}
      onChoose={(key) => {
        if (key === LOGOUT) {
          // Home next, from wherever this is (a gated page would otherwise send us to /login).
          setNextDestination('/');
          void logout().then(() => {
            toast.success(t('header.logged_out'));
            navigate('/');
          });
          return;
        }
        if (key.startsWith(SWITCH)) {
          void switchTo(key.slice(SWITCH.length)).catch(() => undefined); // The client has shown the error.
          return;
        }
        const link = links.find((l) => l.key === key);
        if (link) navigate(link.to);
      }}
    />
  );
}
