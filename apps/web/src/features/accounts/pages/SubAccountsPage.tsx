// /user/account: the mining sub-accounts. Each has a name, a creation time (in the user's
// timezone), a status; one is current (what the pool pages act for) and any can be hidden from the
// header's switcher. New ones are named 4-30 letters or digits (docs/rules.md, Validation).
import { useState } from 'react';
import { Button, Flex, Form, Input, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ERRORS, formatDateTime } from '@hashpool/shared';
import { accountsApi, type AccountItem, type UserMine } from '../accounts.api';
import { useAccounts } from '../accounts.queries';
import { userKeys } from '../../../shell/session/user.queries';
import { useToast } from '../../../ui/toast';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { LoadFailed } from '../../../ui/LoadFailed';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { Text } from '../../../ui/Text';
import { useIsMobile } from '../../../ui/responsive';
import { FormDialog } from '../../../shell/forms/FormDialog';
import { UserPage } from '../../../shell/frames/UserPage';
import { formRules } from '../../../shell/forms/rules';

export default function SubAccountsPage() {
  const { t } = useTranslation(['user', 'validation']);
  const [creating, setCreating] = useState(false);
  return (
    <UserPage
      title={t('accounts.title')}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('accounts.create')}
        </Button>
      }
    >
      {(mine) => (
        <>
          <AccountList mine={mine} />
          {creating && <CreateDialog onClose={() => setCreating(false)} />}
        </>
      )}
    </UserPage>
  );
}

function useAccountActions() {
  const { t } = useTranslation('user');
  const queryClient = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, action: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      toast.success(done);
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(null);
    }
  };
  return {
    busy,
    switchTo: (account: AccountItem) => run(`switch:${account.id}`, () => accountsApi.switchAccount(account.id), t('accounts.switched', { name: account.name })),
    setHidden: (account: AccountItem, hidden: boolean) =>
      run(`hide:${account.id}`, () => accountsApi.setAccountHidden(account.id, hidden), t(hidden ? 'accounts.hidden_done' : 'accounts.shown_done', { name: account.name })),
  };
}

function AccountList({ mine }: { mine: UserMine }) {
  const { t } = useTranslation('user');
  const isMobile = useIsMobile();
  const accounts = useAccounts();
  const actions = useAccountActions();
  if (!accounts.data) return accounts.isError ? <LoadFailed query={accounts} /> : <PageSpinner />;

  const nameCell = (account: AccountItem) => (
    <Flex align="center" gap={6} wrap>
      <Text strong>{account.name}</Text>
      {account.is_current && <Tag color="blue">{t('accounts.current')}</Tag>}
      {account.is_default && <Tag>{t('accounts.default')}</Tag>}
      {account.hidden && <Tag>{t('accounts.hidden')}</Tag>}
    </Flex>
  );
  const statusCell = (account: AccountItem) => <Tag color={account.status === 'normal' ? 'green' : 'red'}>{t(`accounts.status.${account.status}`)}</Tag>;
  const actionCell = (account: AccountItem) => (
    <Flex gap={8} wrap justify={isMobile ? 'flex-start' : 'flex-end'}>
      {!account.is_current && (
        <Button size="small" type="primary" ghost loading={actions.busy === `switch:${account.id}`} onClick={() => void actions.switchTo(account)} aria-label={t('accounts.switch_aria', { name: account.name })}>
          {t('accounts.switch')}
        </Button>
      )}
      {/* The current sub-account cannot be hidden (the switcher would lose it); one hidden before it was switched to can be shown. */}
      {(!account.is_current || account.hidden) && (
        <Button
          size="small"
          loading={actions.busy === `hide:${account.id}`}
          onClick={() => void actions.setHidden(account, !account.hidden)}
          aria-label={t(account.hidden ? 'accounts.show_aria' : 'accounts.hide_aria', { name: account.name })}
        >
          {account.hidden ? t('accounts.show') : t('accounts.hide')}
        </Button>
      )}
    </Flex>
  );
  const created = (account: AccountItem) => formatDateTime(account.created_at, mine.timezone, 'YYYY-MM-DD HH:mm');

  if (isMobile) {
    return (
      <Flex vertical gap={12}>
        {accounts.data.map((account) => (
          <Panel key={account.id} padding={16} aria-label={account.name} role="group">
            <Flex vertical gap={8}>
              {nameCell(account)}
              <Flex justify="space-between" align="center">
                <Text tone="secondary">{created(account)}</Text>
                {statusCell(account)}
              </Flex>
              {actionCell(account)}
            </Flex>
          </Panel>
        ))}
      </Flex>
    );
  }

  const columns: DataColumn<AccountItem>[] = [
    { key: 'name', title: t('accounts.columns.name'), render: nameCell },
    { key: 'created', title: t('accounts.columns.created', { timezone: mine.timezone }), render: created },
    { key: 'status', title: t('accounts.columns.status'), render: statusCell },
    { key: 'actions', title: t('accounts.columns.actions'), align: 'right', render: actionCell },
  ];
  return <DataTable rows={accounts.data} rowKey={(account) => account.id} columns={columns} caption={t('accounts.title')} />;
}

function CreateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['user', 'validation']);
  const queryClient = useQueryClient();
  const toast = useToast();
  const rules = formRules(t);
  return (
    <FormDialog<{ name: string }>
      title={t('accounts.create_title')}
      okText={t('accounts.create')}
      onClose={onClose}
      errorFields={{ byCode: { [ERRORS.account_name_taken.code]: 'name' } }}
      onSubmit={async ({ name }) => {
        const created = await accountsApi.createAccount(name.trim());
        await queryClient.invalidateQueries({ queryKey: userKeys.all });
        toast.success(t('accounts.created', { name: created.name }));
      }}
    >
      <Form.Item name="name" label={t('accounts.name_label')} rules={rules.subAccountName} extra={t('accounts.name_hint')}>
        <Input maxLength={30} autoComplete="off" autoFocus />
      </Form.Item>
    </FormDialog>
  );
}
