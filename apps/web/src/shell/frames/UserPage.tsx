// The frame of the user-centre pages (accounts' settings, sub-accounts and security log, mining's
// messages, earnings' invitations): title, the centre's navigation (the route table's `user`
// menu), and a spinner until the logged-in user (GET /users/mine) is known, since every one of
// them shows something of it.
import type { ReactNode } from 'react';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMine } from '../session/user.queries';
import type { UserMine } from '../session/user.api';
import { PageSpinner } from '../../ui/PageSpinner';
import { StatusResult } from '../../ui/StatusResult';
import { Title } from '../../ui/Text';
import { SectionNav } from '../navigation/SectionNav';

export function UserPage({ title, actions, children }: { title: string; actions?: ReactNode; children: (mine: UserMine) => ReactNode }) {
  const { t } = useTranslation('user');
  const mine = useMine();
  return (
    <div>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Title level={1} style={{ margin: 0, fontSize: 'clamp(22px, 3vw, 28px)' }}>
          {title}
        </Title>
        {actions}
      </Flex>
      <SectionNav menu="user" label={t('nav.label')} />
      {mine.data ? children(mine.data) : mine.isError ? <StatusResult status="error" title={t('load_failed')} /> : <PageSpinner />}
    </div>
  );
}
