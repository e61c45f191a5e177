// /user/observe (user.view): the user's observer links. Creating one names it, picks the
// sub-account, how long it lives and what it opens (each permission's pages from the shared table),
// then shows the link and its QR code once; the list shows each link masked with its status, and
// renames or revokes it (docs/product-guide.md, Observer links).
import { useState } from 'react';
import { Button, Flex, Form, Input, QRCode, Radio, Select, Tag, theme } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ERRORS, formatDateTime, nicknameSchema, OBSERVER_EXPIRIES, OBSERVER_PERMISSIONS, type ObserverCreateBody, type ObserverStatus } from '@hashpool/shared';
import { useAccounts } from '../../accounts';
import { observerKeys, observersApi, observerUrl, type ObserverCreated, type ObserverLink } from '../observers.api';
import { pagesOf } from '../lib';
import { useSessionEpoch } from '../../../shell/session/session';
import type { UserMine } from '../../../shell/session/user.api';
import { FormDialog } from '../../../shell/forms/FormDialog';
import { formRules, schemaRule } from '../../../shell/forms/rules';
import { UserPage } from '../../../shell/frames/UserPage';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { CopyValue } from '../../../ui/CopyValue';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { AppModal } from '../../../ui/AppModal';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { Paragraph, Text } from '../../../ui/Text';
import { useIsMobile } from '../../../ui/responsive';
import { useToast } from '../../../ui/toast';

const STATUS_COLOR: Record<ObserverStatus, string> = { active: 'green', expired: 'default', revoked: 'red' };

export default function ObserversPage() {
  const { t } = useTranslation('observers');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ObserverCreated | null>(null);
  return (
    <UserPage
      title={t('title')}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('create')}
        </Button>
      }
    >
      {(mine) => (
        <Flex vertical gap={16}>
          <Paragraph tone="secondary" style={{ margin: 0 }}>
            {t('intro')}
          </Paragraph>
          <LinkList mine={mine} />
          {creating && <CreateDialog mine={mine} onClose={() => setCreating(false)} onCreated={setCreated} />}
          {created && <CreatedDialog created={created} onClose={() => setCreated(null)} />}
        </Flex>
      )}
    </UserPage>
  );
}

function useLinks() {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: observerKeys.list(epoch), queryFn: ({ signal }) => observersApi.list(signal) });
}

type Pending = { kind: 'rename'; link: ObserverLink } | { kind: 'revoke'; link: ObserverLink } | null;

function LinkList({ mine }: { mine: UserMine }) {
  const { t } = useTranslation('observers');
  const isMobile = useIsMobile();
  const links = useLinks();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [pending, setPending] = useState<Pending>(null);
  if (!links.data) return links.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />;
  if (links.data.length === 0) {
    return (
      <Panel>
        <Text tone="secondary">{t('empty')}</Text>
      </Panel>
    );
  }
  const refresh = () => queryClient.invalidateQueries({ queryKey: observerKeys.all });
  const time = (value: string | null, none: string) => (value ? formatDateTime(value, mine.timezone, 'YYYY-MM-DD HH:mm') : none);

  const nickname = (link: ObserverLink) => <Text strong>{link.nickname}</Text>;
  const permission = (link: ObserverLink) => (
    <Flex vertical gap={2}>
      <span>{t(`permission.${link.permission}`)}</span>
      <Text tone="secondary" style={{ fontSize: 12 }}>
        {pagesOf(link.permission, t)}
      </Text>
    </Flex>
  );
  const status = (link: ObserverLink) => <Tag color={STATUS_COLOR[link.status]}>{t(`status.${link.status}`)}</Tag>;
  const masked = (link: ObserverLink) => <code aria-label={t('columns.link')}>{link.token_masked}</code>;
  const actions = (link: ObserverLink) => (
    <Flex gap={8} wrap justify={isMobile ? 'flex-start' : 'flex-end'}>
      <Button size="small" onClick={() => setPending({ kind: 'rename', link })} aria-label={t('rename_aria', { name: link.nickname })}>
        {t('rename')}
      </Button>
      {link.status === 'active' && (
        <Button size="small" danger onClick={() => setPending({ kind: 'revoke', link })} aria-label={t('revoke_aria', { name: link.nickname })}>
          {t('revoke')}
        </Button>
      )}
    </Flex>
  );

  const list = isMobile ? (
    <Flex vertical gap={12}>
      {links.data.map((link) => (
        <Panel key={link.id} padding={16} role="group" aria-label={link.nickname}>
          <Flex vertical gap={8}>
            <Flex justify="space-between" align="center" gap={8}>
              {nickname(link)}
              {status(link)}
            </Flex>
            <Text tone="secondary">{t('columns.account')}: {link.account}</Text>
            {permission(link)}
            <Text tone="secondary">
              {t('columns.expires', { timezone: mine.timezone })}: {time(link.expires_at, t('expiry.forever'))}
            </Text>
            {masked(link)}
            {actions(link)}
          </Flex>
        </Panel>
      ))}
    </Flex>
  ) : (
    <DataTable
      rows={links.data}
      rowKey={(link) => link.id}
      caption={t('title')}
      columns={
        [
          { key: 'nickname', title: t('columns.nickname'), render: nickname },
          { key: 'account', title: t('columns.account'), render: (link) => link.account },
          { key: 'permission', title: t('columns.permission'), render: permission },
          { key: 'expires', title: t('columns.expires', { timezone: mine.timezone }), render: (link) => time(link.expires_at, t('expiry.forever')) },
          { key: 'status', title: t('columns.status'), render: status },
          { key: 'link', title: t('columns.link'), render: masked },
          { key: 'used', title: t('columns.last_used', { timezone: mine.timezone }), render: (link) => time(link.last_used_at, t('never')) },
          { key: 'actions', title: t('columns.actions'), align: 'right', render: actions },
        ] satisfies DataColumn<ObserverLink>[]
      }
    />
  );

  return (
    <>
      {list}
      {pending?.kind === 'rename' && (
        <RenameDialog
          link={pending.link}
          onClose={() => setPending(null)}
          onDone={async () => {
            await refresh();
            toast.success(t('renamed'));
          }}
        />
      )}
      {pending?.kind === 'revoke' && (
        <ConfirmDialog
          title={t('revoke_title', { name: pending.link.nickname })}
          text={t('revoke_text')}
          okText={t('revoke')}
          onClose={() => setPending(null)}
          onConfirm={async () => {
            await observersApi.revoke(pending.link.id);
            await refresh();
            toast.success(t('revoked'));
          }}
        />
      )}
    </>
  );
}

function CreateDialog({ mine, onClose, onCreated }: { mine: UserMine; onClose: () => void; onCreated: (created: ObserverCreated) => void }) {
  const { t } = useTranslation(['observers', 'validation']);
  const queryClient = useQueryClient();
  const accounts = useAccounts();
  const rules = formRules(t);
  return (
    <FormDialog<ObserverCreateBody>
      title={t('create_title')}
      okText={t('create')}
      onClose={onClose}
      initialValues={{ account: mine.current_account?.name, expiry: 'week', permission: 'read_only' }}
      errorFields={{ byCode: { [ERRORS.observer_link_limit.code]: 'account' } }}
      onSubmit={async (values) => {
        const created = await observersApi.create({ ...values, nickname: values.nickname.trim() });
        await queryClient.invalidateQueries({ queryKey: observerKeys.all });
        onCreated(created);
      }}
    >
      <Form.Item name="nickname" label={t('fields.nickname')} rules={[schemaRule(nicknameSchema, t)]} extra={t('nickname_hint')}>
        <Input maxLength={32} autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item name="account" label={t('fields.account')} rules={rules.required}>
        <Select
          loading={!accounts.data}
          options={(accounts.data ?? []).map((account) => ({ value: account.name, label: account.name }))}
        />
      </Form.Item>
      <Form.Item name="expiry" label={t('fields.expiry')} rules={rules.required}>
        <Radio.Group optionType="button" options={OBSERVER_EXPIRIES.map((expiry) => ({ value: expiry, label: t(`expiry.${expiry}`) }))} />
      </Form.Item>
      <Form.Item name="permission" label={t('fields.permission')} rules={rules.required}>
        <Radio.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          {OBSERVER_PERMISSIONS.map((permission) => (
            <Radio key={permission} value={permission}>
              <Flex vertical>
                <span>{t(`permission.${permission}`)}</span>
                <Text tone="secondary" style={{ fontSize: 12 }}>
                  {t('opens', { pages: pagesOf(permission, t) })}
                </Text>
              </Flex>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
    </FormDialog>
  );
}

function RenameDialog({ link, onClose, onDone }: { link: ObserverLink; onClose: () => void; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation(['observers', 'validation']);
  return (
    <FormDialog<{ nickname: string }>
      title={t('rename_title')}
      okText={t('save')}
      onClose={onClose}
      initialValues={{ nickname: link.nickname }}
      onSubmit={async ({ nickname }) => {
        await observersApi.rename(link.id, nickname.trim());
        await onDone();
      }}
    >
      <Form.Item name="nickname" label={t('fields.nickname')} rules={[schemaRule(nicknameSchema, t)]}>
        <Input maxLength={32} autoComplete="off" autoFocus />
      </Form.Item>
    </FormDialog>
  );
}

function CreatedDialog({ created, onClose }: { created: ObserverCreated; onClose: () => void }) {
  const { t } = useTranslation('observers');
  const { token } = theme.useToken();
  const url = observerUrl(created.token);
  return (
    <AppModal open title={t('created_title')} onCancel={onClose} footer={<Button type="primary" onClick={onClose}>{t('done')}</Button>}>
      <Flex vertical gap={16} align="stretch">
        <Paragraph style={{ margin: 0 }}>{t('created_once')}</Paragraph>
        <div data-testid="observer-link">
          <CopyValue value={url} label={t('columns.link')} />
        </div>
        <Flex justify="center">
          {/* Dark on light in both themes: not every camera app reads an inverted code. */}
          <QRCode data-testid="observer-qr" value={url} size={180} color="#000000" bgColor="#ffffff" style={{ borderColor: token.colorBorderSecondary }} aria-label={t('qr_label')} />
        </Flex>
        <Text tone="secondary">
          {t(`permission.${created.link.permission}`)}: {t('opens', { pages: pagesOf(created.link.permission, t) })}
        </Text>
      </Flex>
    </AppModal>
  );
}
