// Site parameters (admin only): the site's name (header, page titles, mails, passkey prompts), the
// support address (legal pages) and the apps' download page (/download; empty shows only the
// website). Each is checked by its key's shared rule here and on the server, saved with a reason
// (audited) and shown on the next page load, without a restart.
import { useState } from 'react';
import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, SITE_PARAMETER_RULES, operatorReasonSchema, type SiteParameterKey } from '@hashpool/shared';
import { FormDialog } from '../../../shell/forms/FormDialog';
import { schemaRule } from '../../../shell/forms/rules';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { Paragraph, Text } from '../../../ui/Text';
import { useToast } from '../../../ui/toast';
import type { SiteParameter } from '../admin.api';
import { useAdminMutations, useSiteParameters } from '../admin.queries';

export function SiteParametersAdmin({ timezone }: { timezone: string }) {
  const { t } = useTranslation('admin');
  const parameters = useSiteParameters();
  const [editing, setEditing] = useState<SiteParameter | null>(null);

  const columns: DataColumn<SiteParameter>[] = [
    { key: 'name', title: t('parameters.columns.name'), render: (p) => (
      <Flex vertical>
        <Text strong>{t(`parameters.keys.${p.key}.name`)}</Text>
        <Text tone="secondary">{t(`parameters.keys.${p.key}.hint`)}</Text>
      </Flex>
    ) },
    { key: 'value', title: t('parameters.columns.value'), render: (p) => (p.value === '' ? <Text tone="secondary">{t('parameters.empty')}</Text> : <Text style={{ wordBreak: 'break-all' }}>{p.value}</Text>) },
    { key: 'updated', title: t('parameters.columns.updated', { timezone }), render: (p) => formatDateTime(p.updated_at, timezone, 'YYYY-MM-DD HH:mm') },
    { key: 'edit', render: (p) => <Button size="small" onClick={() => setEditing(p)} aria-label={t('parameters.edit_aria', { name: t(`parameters.keys.${p.key}.name`) })}>{t('coins.edit')}</Button> },
  ];

  if (!parameters.data) return parameters.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />;
  return (
    <Flex vertical gap={16}>
      <Paragraph tone="secondary">{t('parameters.hint')}</Paragraph>
      <ResponsiveTable rows={parameters.data.list} rowKey={(p) => p.key} columns={columns} caption={t('tabs.parameters')} empty={t('parameters.empty')} cardTestId="site-parameter" />
      {editing && <SiteParameterDialog parameter={editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}

interface Values {
  value: string;
  reason: string;
}

function SiteParameterDialog({ parameter, onClose }: { parameter: SiteParameter; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'validation']);
  const toast = useToast();
  const { setSiteParameter } = useAdminMutations();
  const key: SiteParameterKey = parameter.key;
  const name = t(`parameters.keys.${key}.name`);
  return (
    <FormDialog<Values>
      title={t('parameters.edit_title', { name })}
      okText={t('coins.save')}
      initialValues={{ value: parameter.value, reason: '' }}
      onClose={onClose}
      onSubmit={async (v) => {
        await setSiteParameter.mutateAsync({ key, value: v.value.trim(), reason: v.reason.trim() });
        toast.success(t('parameters.saved'));
      }}
    >
      <Form.Item name="value" label={name} rules={[schemaRule(SITE_PARAMETER_RULES[key], t)]} extra={t(`parameters.keys.${key}.hint`)}>
        <Input maxLength={500} />
      </Form.Item>
      <Form.Item name="reason" label={t('review.reason_label')} rules={[schemaRule(operatorReasonSchema, t)]} extra={t('users.reason_hint')}>
        <Input.TextArea rows={2} maxLength={500} showCount />
      </Form.Item>
    </FormDialog>
  );
}
