// The frame of the user-centre pages: title, the centre's navigation, and a spinner until the
// logged-in user (GET /users/mine) is known, since every one of them shows something of it.
import type { ReactNode } from 'react';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMine } from '../session/user.queries';
import type { UserMine } from '../session/user.api';
import { PageSpinner } from '../../ui/PageSpinner';
import { StatusResult } from '../../ui/StatusResult';
import { Title } from '../../ui/Text';
import { usePageTitle } from '../site/usePageTitle';
import { UserNav } from './UserNav';

export function UserPage({ title, actions, children }: { title: string; actions?: ReactNode; children: (mine: UserMine) => ReactNode }) {
  const { t } = useTranslation('user');
  usePageTitle(title);
  const mine = useMine();
  return (
    <div>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Title level={1} style={{ margin: 0, fontSize: 'clamp(22px, 3vw, 28px)' }}>
          {title}
        </Title>
        {actions}
      </Flex>
      <UserNav />
      {mine.data ? children(mine.data) : mine.isError ? <StatusResult status="error" title={t('load_failed')} /> : <PageSpinner />}
    </div>
  );
}
