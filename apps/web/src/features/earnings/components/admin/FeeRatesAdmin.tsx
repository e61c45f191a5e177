// Operators: the fee rate of each coin and payout method, changed with a reason (the server writes
// it to the audit log). One coin at a time: an account-mode coin's four methods, each with its own
// edit, or an address-mode coin's PPLNS fee (its only method).
import { useState } from 'react';
import { Button, Flex, Form, Input, Select } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { COINS, feeRateBodySchema, formatDateTime, PAY_METHOD_LABELS } from '@hashpool/shared';
import type { DataColumn } from '../../../../ui/DataTable';
import { PageSpinner } from '../../../../ui/PageSpinner';
import { Paragraph, Text } from '../../../../ui/Text';
import { schemaRule } from '../../../../shell/forms/rules';
import { AdminEditDialog } from '../../../../shell/forms/AdminEditDialog';
import { ResponsiveTable } from '../../../../ui/ResponsiveTable';
import type { AdminFeeRate } from '../../earnings.api';
import { useEarningsAdminMutations, useFeeRates } from '../../earnings.queries';

const symbolOf = (code: string) => COINS.find((c) => c.code === code)?.symbol ?? code.toUpperCase();

export function FeeRatesAdmin({ timezone }: { timezone: string }) {
  const { t } = useTranslation('earnings');
  const [coin, setCoin] = useState(COINS[0]!.code);
  const [editing, setEditing] = useState<AdminFeeRate | null>(null);
  const rates = useFeeRates();
  const rows = (rates.data?.list ?? []).filter((r) => r.coin === coin);

  const columns: DataColumn<AdminFeeRate>[] = [
    { key: 'method', title: t('admin.columns.method'), render: (r) => <Text strong>{PAY_METHOD_LABELS[r.method]}</Text> },
    {
      key: 'fee',
      title: t('admin.columns.fee_rate'),
      align: 'right',
      // Set today: in force from the next UTC day; today's work is charged the rate before it.
      render: (r) =>
        r.from ? (
          <Flex vertical align="end" gap={2}>
            <span>{r.fee_rate}%</span>
            <Text tone="secondary" style={{ fontSize: 12 }} data-testid="fee-from">
              {t('admin.fee_from', { day: r.from, rate: r.today_fee_rate ?? '--' })}
            </Text>
          </Flex>
        ) : (
          `${r.fee_rate}%`
        ),
    },
    { key: 'updated', title: t('admin.columns.updated', { timezone }), render: (r) => formatDateTime(r.updated_at, timezone, 'YYYY-MM-DD HH:mm') },
    { key: 'by', title: t('admin.columns.updated_by'), render: (r) => r.updated_by ?? t('admin.system') },
    {
      key: 'edit',
      align: 'right',
      render: (r) => (
        <Button size="small" icon={<EditOutlined />} aria-label={t('admin.edit_fee_aria', { method: PAY_METHOD_LABELS[r.method], coin: symbolOf(r.coin) })} onClick={() => setEditing(r)}>
          {t('admin.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Paragraph tone="secondary" style={{ margin: 0, maxWidth: 760 }}>
        {t('admin.fees_intro')}
      </Paragraph>
      <Select
        aria-label={t('admin.coin')}
        value={coin}
        onChange={setCoin}
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 220, maxWidth: '100%' }}
        options={COINS.map((c) => ({ value: c.code, label: `${c.symbol} · ${c.name}` }))}
      />
      {!rates.data ? (
        rates.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />
      ) : (
        <ResponsiveTable rows={rows} rowKey={(r) => `${r.coin}:${r.method}`} columns={columns} caption={t('admin.fees_title')} empty={t('admin.empty')} cardTestId="fee-rate" />
      )}
      {editing && <FeeRateDialog rate={editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}

interface FeeForm {
  fee_rate: string;
  reason: string;
}

function FeeRateDialog({ rate, onClose }: { rate: AdminFeeRate; onClose: () => void }) {
  const { t } = useTranslation(['earnings', 'validation']);
  const [form] = Form.useForm<FeeForm>();
  const { setFeeRate } = useEarningsAdminMutations();
  return (
    <AdminEditDialog<FeeForm>
      form={form}
      title={t('admin.fee_title', { coin: symbolOf(rate.coin), method: PAY_METHOD_LABELS[rate.method] })}
      onSave={(values) => setFeeRate.mutateAsync({ coin: rate.coin, method: rate.method, fee_rate: values.fee_rate.trim(), reason: values.reason.trim() })}
      saving={setFeeRate.isPending}
      savedText={t('admin.saved')}
      onClose={onClose}
      initialValues={{ fee_rate: rate.fee_rate, reason: '' }}
    >
      <Form.Item name="fee_rate" label={t('admin.fee_label')} extra={t('admin.fee_hint')} rules={[schemaRule(feeRateBodySchema.shape.fee_rate, t)]}>
        <Input inputMode="decimal" autoComplete="off" />
      </Form.Item>
      <Form.Item name="reason" label={t('admin.reason_label')} extra={t('admin.reason_hint')} rules={[schemaRule(feeRateBodySchema.shape.reason, t)]}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </AdminEditDialog>
  );
}
