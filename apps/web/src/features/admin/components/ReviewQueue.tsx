// The withdrawal review queue: withdrawals above the review threshold wait here (docs/product-guide.md,
// Withdraw: usually within 24 hours). An operator approves one (it goes to the chain) or rejects it
// with a reason the user sees (the money returns to their available balance).
import { useState } from 'react';
import { Button, Flex, Form, Input, Select } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime, rejectBodySchema, WITHDRAWAL_STATUS } from '@hashpool/shared';
import { useToast } from '../../../ui/toast';
import { AddressText } from '../../../ui/AddressText';
import { AmountText } from '../../../ui/AmountText';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Paragraph, Text } from '../../../ui/Text';
import { FormDialog } from '../../../shell/forms/FormDialog';
import { schemaRule } from '../../../shell/forms/rules';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Pager } from '../../../ui/Pager';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { coinSymbol, displayAmount, WalletStatusTag } from '../../wallet';
import type { AdminWithdrawal, WithdrawalStatus } from '../admin.api';
import { ADMIN_PAGE_SIZE, useAdminMutations, useAdminWithdrawals } from '../admin.queries';

const ALL = 'all';

type Decision = { kind: 'approve' | 'reject'; row: AdminWithdrawal } | null;

export function ReviewQueue({ timezone }: { timezone: string }) {
  const { t } = useTranslation(['admin', 'wallet', 'validation']);
  const toast = useToast();
  const [status, setStatus] = useState<WithdrawalStatus | null>('reviewing');
  const [page, setPage] = useState(1);
  const withdrawals = useAdminWithdrawals(status, page);
  const { approve, reject } = useAdminMutations();
  const [decision, setDecision] = useState<Decision>(null);
  const data = withdrawals.data;
  const describe = (w: AdminWithdrawal) => t('review.describe', { amount: `${displayAmount(w.amount, w.coin)} ${coinSymbol(w.coin)}`, account: w.account_name });

  const columns: DataColumn<AdminWithdrawal>[] = [
    { key: 'time', title: t('review.columns.time', { timezone }), render: (w) => formatDateTime(w.created_at, timezone, 'YYYY-MM-DD HH:mm') },
    {
      key: 'account',
      title: t('review.columns.account'),
      render: (w) => (
        <Flex vertical align="flex-start" style={{ display: 'inline-flex' }}>
          <Text strong>{w.account_name}</Text>
          {w.user_email && (
            <Text tone="secondary" style={{ fontSize: 12 }}>
              {w.user_email}
            </Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'amount',
      title: t('review.columns.amount'),
      align: 'right',
      render: (w) => (
        <Flex vertical align="flex-end" style={{ display: 'inline-flex' }}>
          <AmountText value={w.amount} coin={w.coin} strong />
          {w.parts > 1 && (
            <Text tone="secondary" style={{ fontSize: 12 }}>
              {t('wallet:withdrawals.part', { part: w.part_no, parts: w.parts })}
            </Text>
          )}
        </Flex>
      ),
    },
    { key: 'fee', title: t('review.columns.fee'), align: 'right', render: (w) => <AmountText value={w.fee} coin={w.coin} /> },
    { key: 'address', title: t('review.columns.address'), render: (w) => <AddressText value={w.address} label={t('review.columns.address')} /> },
    {
      key: 'status',
      title: t('review.columns.status'),
      render: (w) => (
        <Flex vertical gap={2} align="flex-start" style={{ display: 'inline-flex' }}>
          <WalletStatusTag status={w.status} />
          {w.reason && (
            <Text tone="secondary" style={{ fontSize: 12 }}>
              {t('wallet:withdrawals.reason', { reason: w.reason })}
            </Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'actions',
      align: 'right',
      render: (w) =>
        w.status === 'reviewing' ? (
          <Flex gap={8} justify="flex-end" wrap>
            <Button size="small" type="primary" icon={<CheckOutlined />} aria-label={t('review.approve_aria', { what: describe(w) })} onClick={() => setDecision({ kind: 'approve', row: w })}>
              {t('review.approve')}
            </Button>
            <Button size="small" danger icon={<CloseOutlined />} aria-label={t('review.reject_aria', { what: describe(w) })} onClick={() => setDecision({ kind: 'reject', row: w })}>
              {t('review.reject')}
            </Button>
          </Flex>
        ) : null,
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Select<string>
        aria-label={t('review.status_filter')}
        value={status ?? ALL}
        style={{ minWidth: 200, alignSelf: 'flex-start' }}
        onChange={(next) => {
          setStatus(next === ALL ? null : (next as WithdrawalStatus));
          setPage(1);
        }}
        options={[{ value: ALL, label: t('review.all_statuses') }, ...WITHDRAWAL_STATUS.map((s) => ({ value: s, label: t(`wallet:status.${s}`) }))]}
      />
      {!data ? (
        withdrawals.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />
      ) : (
        <ResponsiveTable
          rows={data.list}
          rowKey={(w) => w.id}
          columns={columns}
          caption={t('tabs.review')}
          empty={status === 'reviewing' ? t('review.empty') : t('review.empty_filtered')}
          cardTestId="review-item"
        />
      )}
      <Pager page={page} total={data?.total ?? 0} pageSize={ADMIN_PAGE_SIZE} onChange={setPage} />

      {decision?.kind === 'approve' && (
        <ConfirmDialog
          title={t('review.approve_title')}
          text={t('review.approve_text', { what: describe(decision.row), address: decision.row.address })}
          okText={t('review.approve')}
          danger={false}
          onClose={() => setDecision(null)}
          onConfirm={async () => {
            const result = await approve.mutateAsync(decision.row.id);
            // Above the coin's four-eyes threshold the first approval waits for a second operator.
            if (result.status === 'pending') toast.success(t('approvals.withdrawal_pending'));
            else toast.success(t('review.approved'));
          }}
        />
      )}
      {decision?.kind === 'reject' && (
        <FormDialog<{ reason: string }>
          title={t('review.reject_title')}
          okText={t('review.reject')}
          danger
          onClose={() => setDecision(null)}
          onSubmit={async ({ reason }) => {
            await reject.mutateAsync({ id: decision.row.id, reason: reason.trim() });
            toast.success(t('review.rejected'));
          }}
        >
          <Paragraph>{t('review.reject_text', { what: describe(decision.row) })}</Paragraph>
          <Form.Item name="reason" label={t('review.reason_label')} rules={[schemaRule(rejectBodySchema.shape.reason, t)]} extra={t('review.reason_hint')}>
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        </FormDialog>
      )}
    </Flex>
  );
}
