// /admin/oauth (operators holding admin): the third-party applications that may ask users for
// access (docs/operator-guide.md, OAuth applications). Registering one takes its name, its exact
// redirect addresses and the scopes it may ask; its secret is shown once, then only its id.
// Disabling one ends every authorization of it.
import { useState } from 'react';
import { Alert, Button, Checkbox, Flex, Form, Input, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isAllowedRedirectUri, OAUTH_VISIBLE_SCOPES } from '@hashpool/shared';
import { AdminEditDialog } from '../../../shell/forms/AdminEditDialog';
import { AppModal } from '../../../ui/AppModal';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { CopyValue } from '../../../ui/CopyValue';
import type { DataColumn } from '../../../ui/DataTable';
import { PageHeader } from '../../../ui/PageHeader';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { Paragraph, Text } from '../../../ui/Text';
import { visibleScopes } from '../components/ScopeList';
import { oauthApi, type OAuthClient, type OAuthClientCreated } from '../oauth.api';
import { useClients, useOAuthRefresh } from '../oauth.queries';

interface ClientForm {
  name: string;
  redirect_uris: string;
  scopes: string[];
}

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

export default function AdminOAuthPage() {
  const { t } = useTranslation('oauth');
  const clients = useClients();
  const refresh = useOAuthRefresh();
  const [form] = Form.useForm<ClientForm>();
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<OAuthClientCreated | null>(null);
  const [disabling, setDisabling] = useState<OAuthClient | null>(null);

  const columns: DataColumn<OAuthClient>[] = [
    { key: 'name', title: t('admin.columns.name'), render: (c) => <Text strong>{c.name}</Text> },
    { key: 'id', title: t('admin.columns.id'), render: (c) => <code style={{ wordBreak: 'break-all' }}>{c.id}</code> },
    { key: 'uris', title: t('admin.columns.redirect_uris'), render: (c) => <Flex vertical gap={2}>{c.redirect_uris.map((u) => <Text key={u} style={{ wordBreak: 'break-all' }}>{u}</Text>)}</Flex> },
    { key: 'scopes', title: t('admin.columns.scopes'), render: (c) => <Flex wrap gap={4}>{visibleScopes(c.scopes).map((s) => <Tag key={s}>{t(`scopes.${s}.title`)}</Tag>)}</Flex> },
    { key: 'users', title: t('admin.columns.authorizations'), align: 'right', render: (c) => c.authorizations },
    {
      key: 'status',
      align: 'right',
      render: (c) => (c.disabled_at ? <Tag>{t('admin.disabled')}</Tag> : <Button danger size="small" onClick={() => setDisabling(c)}>{t('admin.disable')}</Button>),
    },
  ];

  return (
    <div>
      <PageHeader title={t('admin.title')} subtitle={t('admin.subtitle')} />
      <Panel>
        <Flex vertical gap={16}>
          <Flex justify="end">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>{t('admin.register')}</Button>
          </Flex>
          {!clients.data ? (
            clients.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />
          ) : (
            <ResponsiveTable rows={clients.data} rowKey={(c) => c.id} columns={columns} caption={t('admin.title')} empty={t('admin.empty')} cardTestId="oauth-client" />
          )}
        </Flex>
      </Panel>

      {adding && (
        <AdminEditDialog<ClientForm>
          form={form}
          title={t('admin.register')}
          saving={saving}
          savedText={t('admin.registered')}
          initialValues={{ scopes: [...OAUTH_VISIBLE_SCOPES] }}
          onClose={() => setAdding(false)}
          onSave={async (values) => {
            setSaving(true);
            try {
              const answer = await oauthApi.register({ name: values.name.trim(), redirect_uris: lines(values.redirect_uris), scopes: values.scopes });
              setCreated(answer);
              await refresh();
            } finally {
              setSaving(false);
            }
          }}
        >
          <Form.Item name="name" label={t('admin.form.name')} rules={[{ required: true, whitespace: true, message: t('admin.form.name_required') }, { max: 80 }]}>
            <Input maxLength={80} />
          </Form.Item>
          <Form.Item
            name="redirect_uris"
            label={t('admin.form.redirect_uris')}
            extra={t('admin.form.redirect_uris_hint')}
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  const uris = lines(value ?? '');
                  if (uris.length === 0 || uris.length > 10 || uris.some((u) => !isAllowedRedirectUri(u))) throw new Error(t('admin.form.redirect_uris_invalid'));
                },
              },
            ]}
          >
            <Input.TextArea rows={3} placeholder="https://app.example.com/callback" />
          </Form.Item>
          <Form.Item name="scopes" label={t('admin.form.scopes')} rules={[{ required: true, type: 'array', min: 1, message: t('admin.form.scopes_required') }]}>
            <Checkbox.Group options={OAUTH_VISIBLE_SCOPES.map((s) => ({ value: s, label: t(`scopes.${s}.title`) }))} />
          </Form.Item>
        </AdminEditDialog>
      )}

      {created && (
        <AppModal open narrow title={t('admin.secret_title', { name: created.name })} onCancel={() => setCreated(null)} onOk={() => setCreated(null)} okText={t('admin.secret_done')} cancelButtonProps={{ style: { display: 'none' } }}>
          <Flex vertical gap={12} style={{ marginTop: 16 }}>
            <Alert type="warning" showIcon message={t('admin.secret_once')} />
            <div>
              <Text tone="secondary">{t('admin.columns.id')}</Text>
              <CopyValue label={t('admin.columns.id')} value={created.id} />
            </div>
            <div>
              <Text tone="secondary">{t('admin.secret')}</Text>
              <CopyValue label={t('admin.secret')} value={created.secret} />
            </div>
            <Paragraph tone="secondary" style={{ margin: 0 }}>{t('admin.discovery', { url: created.discovery_url })}</Paragraph>
          </Flex>
        </AppModal>
      )}

      {disabling && (
        <ConfirmDialog
          title={t('admin.disable_title', { name: disabling.name })}
          text={t('admin.disable_text')}
          okText={t('admin.disable')}
          onConfirm={async () => {
            await oauthApi.disable(disabling.id);
            await refresh();
          }}
          onClose={() => setDisabling(null)}
        />
      )}
    </div>
  );
}
