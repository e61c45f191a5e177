// Four-eyes: adjustments and withdrawal approvals above a coin's four-eyes threshold
// wait here until a second operator, not the one who asked, confirms them, or any operator
// (the one who asked too) declines them with a reason: a declined adjustment is not made, a
// declined withdrawal approval leaves the withdrawal under review.
import { useState } from 'react';
import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, rejectBodySchema } from '@hashpool/shared';
import { FormDialog } from '../../../shell/forms/FormDialog';
import { schemaRule } from '../../../shell/forms/rules';
import { AmountText } from '../../../ui/AmountText';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { Paragraph, Text } from '../../../ui/Text';
import { useToast } from '../../../ui/toast';
import type { Approval } from '../admin.api';
import { useAdminMutations, useApprovals } from '../admin.queries';

export function Approvals({ timezone }: { timezone: string }) {
  const { t } = useTranslation(['admin', 'validation']);
  const toast = useToast();
  const approvals = useApprovals();
  const { confirm, decline } = useAdminMutations();
  const [open, setOpen] = useState<Approval | null>(null);
  const [declining, setDeclining] = useState<Approval | null>(null);

  const columns: DataColumn<Approval>[] = [
    { key: 'time', title: t('ledger.columns.time', { timezone }), render: (a) => formatDateTime(a.requested_at, timezone) },
    { key: 'kind', title: t('approvals.columns.kind'), render: (a) => t(`approvals.kind.${a.kind}`) },
    { key: 'target', title: t('audit.columns.target'), render: (a) => <code style={{ wordBreak: 'break-all' }}>{a.detail.account ?? a.target}</code> },
    { key: 'amount', title: t('ledger.columns.amount'), align: 'right', render: (a) => <AmountText value={a.amount} coin={a.coin} signed={a.kind === 'adjustment'} /> },
    { key: 'by', title: t('approvals.columns.requested_by'), render: (a) => a.requested_by ?? '—' },
    { key: 'reason', title: t('review.reason_label'), render: (a) => <Text tone="secondary">{a.detail.reason ?? ''}</Text> },
    {
      key: 'confirm',
      render: (a) => (
        <Flex gap={4} wrap>
          <Button size="small" type="primary" onClick={() => setOpen(a)}>{t('approvals.confirm')}</Button>
          <Button size="small" danger onClick={() => setDeclining(a)}>{t('approvals.decline')}</Button>
        </Flex>
      ),
    },
  ];

  if (!approvals.data) return approvals.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />;
  return (
    <Flex vertical gap={16}>
      <Paragraph tone="secondary">{t('approvals.hint')}</Paragraph>
      <ResponsiveTable rows={approvals.data.list} rowKey={(a) => a.id} columns={columns} caption={t('tabs.approvals')} empty={t('approvals.empty')} cardTestId="approval" />
      {open && (
        <ConfirmDialog
          title={t('approvals.confirm_title')}
          text={t('approvals.confirm_text', { by: open.requested_by ?? '—' })}
          okText={t('approvals.confirm')}
          onClose={() => setOpen(null)}
          onConfirm={async () => {
            await confirm.mutateAsync(open.id);
            toast.success(t('approvals.confirmed'));
          }}
        />
      )}
      {declining && (
        <FormDialog<{ reason: string }>
          title={t('approvals.decline_title')}
          okText={t('approvals.decline')}
          danger
          onClose={() => setDeclining(null)}
          onSubmit={async ({ reason }) => {
            await decline.mutateAsync({ id: declining.id, reason: reason.trim() });
            toast.success(t('approvals.declined'));
          }}
        >
          <Paragraph>{t(declining.kind === 'adjustment' ? 'approvals.decline_adjustment' : 'approvals.decline_withdrawal', { by: declining.requested_by ?? '—' })}</Paragraph>
          <Form.Item name="reason" label={t('review.reason_label')} rules={[schemaRule(rejectBodySchema.shape.reason, t)]} extra={t('approvals.decline_reason_hint')}>
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        </FormDialog>
      )}
    </Flex>
  );
}
