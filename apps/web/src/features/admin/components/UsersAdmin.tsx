// The admin area's users: search by email, phone, sub-account or withdraw address; a
// user's page (sub-accounts, security state, recent logins, balances, withdrawals); and, for an
// admin, disabling or enabling the login, resetting the authenticator after an identity check
// and granting operator roles, each with a reason (audited by the server).
import { useState } from 'react';
import { Button, Checkbox, Descriptions, Flex, Form, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, loginStateBodySchema, OPERATOR_ROLES } from '@hashpool/shared';
import { FormDialog } from '../../../shell/forms/FormDialog';
import { schemaRule } from '../../../shell/forms/rules';
import { useIsAdmin } from '../../../shell/session/viewer';
import { AmountText } from '../../../ui/AmountText';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Pager } from '../../../ui/Pager';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { Paragraph, Text, Title } from '../../../ui/Text';
import { useToast } from '../../../ui/toast';
import { coinSymbol, WalletStatusTag } from '../../wallet';
import type { AdminUser, AdminUserDetail, OperatorRole } from '../admin.api';
import { ADMIN_PAGE_SIZE, useAdminMutations, useAdminUser, useAdminUsers } from '../admin.queries';
import { DeviceText } from '../../../ui/DeviceText';

type Action = 'disable' | 'enable' | 'totp' | 'roles' | null;

export function UsersAdmin({ timezone }: { timezone: string }) {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const users = useAdminUsers(q, page);

  const columns: DataColumn<AdminUser>[] = [
    { key: 'email', title: t('users.columns.login'), render: (u) => <Text strong>{u.email ?? u.phone}</Text> },
    { key: 'accounts', title: t('users.columns.accounts'), render: (u) => u.accounts.join(', ') },
    { key: 'security', title: t('users.columns.security'), render: (u) => <SecurityTags user={u} /> },
    { key: 'created', title: t('users.columns.created', { timezone }), render: (u) => formatDateTime(u.created_at, timezone) },
    { key: 'open', render: (u) => <Button size="small" onClick={() => setSelected(u.id)} aria-label={t('users.open_aria', { who: u.email ?? u.phone })}>{t('users.open')}</Button> },
  ];

  if (selected) return <UserPage id={selected} timezone={timezone} onBack={() => setSelected(null)} />;
  return (
    <Flex vertical gap={16}>
      <Input.Search
        aria-label={t('users.search')}
        placeholder={t('users.search')}
        enterButton={t('users.search_button')}
        maxLength={200}
        allowClear
        style={{ maxWidth: 520 }}
        onSearch={(value) => {
          setQ(value.trim());
          setPage(1);
        }}
      />
      {q.length < 2 ? (
        <Paragraph tone="secondary">{t('users.hint')}</Paragraph>
      ) : !users.data ? (
        users.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />
      ) : (
        <>
          <ResponsiveTable rows={users.data.list} rowKey={(u) => u.id} columns={columns} caption={t('tabs.users')} empty={t('users.empty')} onRowClick={(u) => setSelected(u.id)} cardTestId="admin-user" />
          <Pager page={page} total={users.data.total} pageSize={ADMIN_PAGE_SIZE} onChange={setPage} />
        </>
      )}
    </Flex>
  );
}

function SecurityTags({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  return (
    <Flex gap={4} wrap>
      <Tag color={user.has_totp ? 'green' : 'default'}>{t(user.has_totp ? 'users.totp_on' : 'users.totp_off')}</Tag>
      {user.login_disabled && <Tag color="red">{t('users.login_disabled')}</Tag>}
      {user.roles.map((r) => (
        <Tag key={r} color="blue">
          {t(`roles.${r}`)}
        </Tag>
      ))}
    </Flex>
  );
}

function UserPage({ id, timezone, onBack }: { id: string; timezone: string; onBack: () => void }) {
  const { t } = useTranslation(['admin', 'wallet']);
  const isAdmin = useIsAdmin();
  const user = useAdminUser(id);
  const [action, setAction] = useState<Action>(null);
  const data = user.data;
  if (!data) return user.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />;
  const u = data.user;

  const balanceColumns: DataColumn<AdminUserDetail['balances'][number]>[] = [
    { key: 'account', title: t('users.columns.account'), render: (b) => b.account },
    { key: 'coin', title: t('ledger.columns.coin'), render: (b) => <Text strong>{coinSymbol(b.coin)}</Text> },
    { key: 'available', title: t('wallet:balances.columns.available'), align: 'right', render: (b) => <AmountText value={b.available} coin={b.coin} symbol={false} /> },
    { key: 'frozen', title: t('wallet:balances.columns.frozen'), align: 'right', render: (b) => <AmountText value={b.frozen} coin={b.coin} symbol={false} /> },
  ];
  const withdrawalColumns: DataColumn<AdminUserDetail['withdrawals'][number]>[] = [
    { key: 'time', title: t('ledger.columns.time', { timezone }), render: (w) => formatDateTime(w.created_at, timezone) },
    { key: 'account', title: t('users.columns.account'), render: (w) => w.account },
    { key: 'amount', title: t('ledger.columns.amount'), align: 'right', render: (w) => <AmountText value={w.amount} coin={w.coin} /> },
    { key: 'status', title: t('ledger.columns.status'), render: (w) => <WalletStatusTag status={w.status} /> },
  ];
  const loginColumns: DataColumn<AdminUserDetail['recent_logins'][number]>[] = [
    { key: 'time', title: t('ledger.columns.time', { timezone }), render: (e) => formatDateTime(e.created_at, timezone) },
    { key: 'event', title: t('users.columns.event'), render: (e) => t(`users.event.${e.event}`, { defaultValue: e.event }) },
    { key: 'ip', title: 'IP', render: (e) => e.ip },
    { key: 'device', title: t('users.columns.device'), render: (e) => <Text tone="secondary"><DeviceText userAgent={e.device} /></Text> },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Title level={2} style={{ margin: 0, fontSize: 20 }}>
          {u.email ?? u.phone}
        </Title>
        <Button onClick={onBack}>{t('users.back')}</Button>
      </Flex>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
        <Descriptions.Item label={t('users.columns.security')}>
          <SecurityTags user={u} />
        </Descriptions.Item>
        <Descriptions.Item label={t('users.phone')}>{u.phone ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('users.hold')}>{data.withdraw_hold_until ? formatDateTime(data.withdraw_hold_until, timezone) : t('users.no_hold')}</Descriptions.Item>
        <Descriptions.Item label={t('users.sub_accounts')}>{data.sub_accounts.map((a) => a.name).join(', ')}</Descriptions.Item>
      </Descriptions>
      {isAdmin && (
        <Flex gap={8} wrap>
          {u.login_disabled ? (
            <Button onClick={() => setAction('enable')}>{t('users.enable')}</Button>
          ) : (
            <Button danger onClick={() => setAction('disable')}>
              {t('users.disable')}
            </Button>
          )}
          <Button danger disabled={!u.has_totp} onClick={() => setAction('totp')}>
            {t('users.reset_totp')}
          </Button>
          <Button onClick={() => setAction('roles')}>{t('users.roles')}</Button>
        </Flex>
      )}
      <Title level={3} style={{ margin: 0, fontSize: 16 }}>{t('users.balances')}</Title>
      <ResponsiveTable rows={data.balances} rowKey={(b) => `${b.account}:${b.coin}`} columns={balanceColumns} caption={t('users.balances')} empty={t('users.none')} />
      <Title level={3} style={{ margin: 0, fontSize: 16 }}>{t('users.withdrawals')}</Title>
      <ResponsiveTable rows={data.withdrawals} rowKey={(w) => w.id} columns={withdrawalColumns} caption={t('users.withdrawals')} empty={t('users.none')} />
      <Title level={3} style={{ margin: 0, fontSize: 16 }}>{t('users.recent_logins')}</Title>
      <ResponsiveTable rows={data.recent_logins} rowKey={(e) => `${e.created_at}:${e.event}`} columns={loginColumns} caption={t('users.recent_logins')} empty={t('users.none')} />
      {action && <UserActionDialog action={action} user={u} onClose={() => setAction(null)} />}
    </Flex>
  );
}

function UserActionDialog({ action, user, onClose }: { action: Exclude<Action, null>; user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'validation']);
  const toast = useToast();
  const { setLogin, resetTotp, setRoles } = useAdminMutations();
  const who = user.email ?? user.phone ?? '';
  return (
    <FormDialog<{ reason: string; roles?: OperatorRole[] }>
      title={t(`users.${action}_title`, { who })}
      okText={t(`users.${action}_ok`)}
      danger={action === 'disable' || action === 'totp'}
      initialValues={{ roles: user.roles }}
      onClose={onClose}
      onSubmit={async ({ reason, roles }) => {
        if (action === 'totp') await resetTotp.mutateAsync({ id: user.id, reason: reason.trim() });
        else if (action === 'roles') await setRoles.mutateAsync({ id: user.id, roles: roles ?? [], reason: reason.trim() });
        else await setLogin.mutateAsync({ id: user.id, disabled: action === 'disable', reason: reason.trim() });
        toast.success(t('users.done'));
      }}
    >
      <Paragraph>{t(`users.${action}_text`, { who })}</Paragraph>
      {action === 'roles' && (
        <Form.Item name="roles" label={t('users.roles')}>
          <Checkbox.Group options={OPERATOR_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
        </Form.Item>
      )}
      <Form.Item name="reason" label={t('review.reason_label')} rules={[schemaRule(loginStateBodySchema.shape.reason, t)]} extra={t('users.reason_hint')}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormDialog>
  );
}
