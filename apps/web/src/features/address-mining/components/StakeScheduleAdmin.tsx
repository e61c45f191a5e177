// Operators: ALEO's stake schedule (ARC-46): from each instant, the stake per solution per epoch
// the stake calculator uses. Seeded from the published schedule; an entry is added or changed with
// a reason (the server writes it to the audit log).
import { useState } from 'react';
import { Button, Flex, Form, Input } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, stakeScheduleBodySchema } from '@hashpool/shared';
import { api } from '../../../shell/api/client';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Paragraph } from '../../../ui/Text';
import { schemaRule } from '../../../shell/forms/rules';
import { AdminEditDialog } from '../../../shell/forms/AdminEditDialog';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';

interface Entry {
  from: string;
  stake_per_solution: string;
  source: string;
  updated_at: string;
}
const PATH = '/admin/address-mining/aleo-stake-schedule';
const KEY = ['admin', 'aleo-stake-schedule'];

export function StakeScheduleAdmin({ timezone }: { timezone: string }) {
  const { t } = useTranslation('mining');
  const [adding, setAdding] = useState(false);
  const schedule = useQuery({ queryKey: KEY, queryFn: () => api.get<Entry[]>(PATH) });
  const columns: DataColumn<Entry>[] = [
    { key: 'from', title: t('admin.from', { timezone }), render: (e) => formatDateTime(e.from, timezone, 'YYYY-MM-DD HH:mm:ss') },
    { key: 'stake', title: t('admin.per_solution'), align: 'right', render: (e) => `${e.stake_per_solution} ALEO` },
    { key: 'source', title: t('admin.source'), render: (e) => t(`admin.sources.${e.source === 'operator' ? 'operator' : 'seed'}`) },
  ];
  return (
    <Flex vertical gap={16}>
      <Paragraph tone="secondary" style={{ margin: 0, maxWidth: 760 }}>
        {t('admin.intro')}
      </Paragraph>
      <div>
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('admin.add')}
        </Button>
      </div>
      {!schedule.data ? (
        schedule.isError ? <Paragraph tone="secondary">{t('admin.load_failed')}</Paragraph> : <PageSpinner />
      ) : (
        <ResponsiveTable rows={schedule.data} rowKey={(e) => e.from} columns={columns} caption={t('admin.title')} empty={t('admin.empty')} cardTestId="stake-entry" />
      )}
      {adding && <EntryDialog onClose={() => setAdding(false)} />}
    </Flex>
  );
}

interface EntryForm {
  from: string;
  stake_per_solution: string;
  reason: string;
}

function EntryDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['mining', 'validation']);
  const [form] = Form.useForm<EntryForm>();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (body: EntryForm) => api.put<Entry[]>(PATH, { ...body }, { silent: true }),
    onSuccess: (data) => client.setQueryData(KEY, data),
  });
  return (
    <AdminEditDialog<EntryForm>
      form={form}
      title={t('admin.add')}
      onSave={(v) => save.mutateAsync({ from: v.from.trim(), stake_per_solution: v.stake_per_solution.trim(), reason: v.reason.trim() })}
      saving={save.isPending}
      savedText={t('admin.saved')}
      onClose={onClose}
    >
      <Form.Item name="from" label={t('admin.from_label')} extra={t('admin.from_hint')} rules={[schemaRule(stakeScheduleBodySchema.shape.from, t)]}>
        <Input autoComplete="off" placeholder="2027-10-31T23:59:59Z" />
      </Form.Item>
      <Form.Item name="stake_per_solution" label={t('admin.per_solution_label')} rules={[schemaRule(stakeScheduleBodySchema.shape.stake_per_solution, t)]}>
        <Input inputMode="decimal" autoComplete="off" />
      </Form.Item>
      <Form.Item name="reason" label={t('admin.reason_label')} rules={[schemaRule(stakeScheduleBodySchema.shape.reason, t)]}>
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
    </AdminEditDialog>
  );
}
