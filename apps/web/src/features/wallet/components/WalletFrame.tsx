// The frame of the wallet pages: title, the wallet's own navigation (the route table's `wallet`
// menu: assets, transactions), the withdrawal hold when one applies, and a spinner until the user
// (GET /users/mine) is known, since the wallet is the current sub-account's.
import type { ReactNode } from 'react';
import { Alert, Button, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@hashpool/shared';
import type { UserMine } from '../../../shell/session/user.api';
import { useMine } from '../../../shell/session/user.queries';
import { LinkResult } from '../../../shell/navigation/LinkResult';
import { SectionNav } from '../../../shell/navigation/SectionNav';
import { PageSpinner } from '../../../ui/PageSpinner';
import { StatusResult } from '../../../ui/StatusResult';
import { Title } from '../../../ui/Text';
import { activeHold } from '../lib/hold';

interface WalletFrameProps {
  title: string;
  actions?: ReactNode;
  /** Pages reached from elsewhere (a fund detail) leave the wallet's navigation out. */
  nav?: boolean;
  children: (mine: UserMine) => ReactNode;
}

export function WalletFrame({ title, actions, nav = true, children }: WalletFrameProps) {
  const { t } = useTranslation('wallet');
  const mine = useMine();
  const account = mine.data?.current_account;
  return (
    <div>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Flex align="center" gap={12} wrap>
          <Title level={1} style={{ margin: 0, fontSize: 'clamp(22px, 3vw, 28px)' }}>
            {title}
          </Title>
          {account && <Tag color="blue">{t('sub_account', { name: account.name })}</Tag>}
        </Flex>
        {actions}
      </Flex>
      {nav && <SectionNav menu="wallet" label={t('nav.label')} />}
      {!mine.data ? (
        mine.isError ? (
          <StatusResult status="error" title={t('load_failed')} extra={<Button onClick={() => void mine.refetch()}>{t('retry')}</Button>} />
        ) : (
          <PageSpinner />
        )
      ) : !account ? (
        <LinkResult status="info" title={t('no_account.title')} subtitle={t('no_account.text')} to="/user/account" action={t('no_account.create')} />
      ) : (
        <Flex vertical gap={24}>
          {activeHold(mine.data.withdraw_hold_until) && <Alert type="warning" showIcon title={t('hold', { time: formatDateTime(mine.data.withdraw_hold_until, mine.data.timezone, 'YYYY-MM-DD HH:mm') })} />}
          {children(mine.data)}
        </Flex>
      )}
    </div>
  );
}
