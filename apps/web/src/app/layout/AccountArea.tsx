// Log in and sign up for visitors; once logged in, a wallet shortcut for those who may see the
// wallet and the account menu (loaded on login only: visitors never download it).
import { lazy, Suspense } from 'react';
import { Button, Flex } from 'antd';
import { UserOutlined, WalletOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAccessToken } from '../../shell/session/session';
import { SafeLink } from '../../shell/navigation/navigation';
import { Permission } from '../../shell/session/Permission';

const AccountMenu = lazy(() => import('./AccountMenu'));
// The unread count polls the message centre; loaded after the first screen.
const MessageBell = lazy(() => import('../../features/mining/components/MessageBell'));

export function AccountArea({ vertical = false }: { vertical?: boolean }) {
  const { t } = useTranslation();
  const token = useAccessToken();

  if (!token) {
    return (
      <Flex vertical={vertical} gap={8}>
        <SafeLink to="/login">
          <Button block={vertical}>{t('header.login')}</Button>
        </SafeLink>
        <SafeLink to="/register/email">
          <Button type="primary" block={vertical}>
            {t('header.register')}
          </Button>
        </SafeLink>
      </Flex>
    );
  }

  return (
    <Flex vertical={vertical} gap={8}>
      <Permission any={['user.view']}>
        <Suspense fallback={null}>
          <MessageBell block={vertical} />
        </Suspense>
      </Permission>
      <Permission any={['wallet.view']}>
        <SafeLink to="/asset/index">
          <Button type="text" block={vertical} icon={<WalletOutlined />}>
            {t('header.wallet')}
          </Button>
        </SafeLink>
      </Permission>
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
