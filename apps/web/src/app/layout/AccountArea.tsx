// Log in and sign up for visitors; once logged in, the message bell for those who may open the
// messages, the shortcuts of the route table (the wallet, for those who may see it) and the
// account menu (loaded on login only: visitors never download it).
import { lazy, Suspense } from 'react';
import { Button, Flex } from 'antd';
import { UserOutlined } from '../../ui/first-screen-icons';
import { useTranslation } from 'react-i18next';
import { useAccessToken } from '../../shell/session/session';
import { LinkButton } from '../../shell/navigation/navigation';
import { useMayOpen, useMenu } from '../../shell/routing/route-table-context';
import { MENU_ICONS } from './menu-icons';

const AccountMenu = lazy(() => import('./AccountMenu'));
// The unread count polls the message centre; loaded after the first screen.
const MessageBell = lazy(() => import('../../features/mining/components/MessageBell'));

export function AccountArea({ vertical = false }: { vertical?: boolean }) {
  const { t } = useTranslation();
  const token = useAccessToken();
  const shortcuts = useMenu('shortcuts');
  const messages = useMayOpen('/user/message');

  if (!token) {
    return (
      <Flex vertical={vertical} gap={8} align={vertical ? undefined : 'center'}>
        <LinkButton to="/login" block={vertical}>
          {t('header.login')}
        </LinkButton>
        <LinkButton to="/register/email" type="primary" block={vertical}>
          {t('header.register')}
        </LinkButton>
      </Flex>
    );
  }

  return (
    <Flex vertical={vertical} gap={8} align={vertical ? undefined : 'center'}>
      {messages && (
        <Suspense fallback={null}>
          <MessageBell block={vertical} />
        </Suspense>
      )}
      {shortcuts.map((shortcut) => (
        <LinkButton key={shortcut.key} to={shortcut.to} type="text" block={vertical} icon={shortcut.icon && MENU_ICONS[shortcut.icon]}>
          {t(shortcut.label)}
        </LinkButton>
      ))}
      {/* The same button while the menu loads, so the header does not jump. */}
      <Suspense
        fallback={
          <Button type="text" block={vertical} icon={<UserOutlined />} aria-label={t('header.account')}>
            {t('header.account')}
          </Button>
        }
      >
        <AccountMenu vertical={vertical} />
      </Suspense>
    </Flex>
  );
}
