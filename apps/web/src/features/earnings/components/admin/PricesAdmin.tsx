// Operators (admin, finance): each coin's USD price and each currency's rate per 1 CNY, where it
// came from and when, and whether it is stale (too old to price anything with: what depends on it
// waits). With the price feed or manual prices an operator sets a value with a reason (audited,
// effective at once); with the demo market the screen says demo and offers no override.
import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Tag } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { findCoin, formatCoinPrice, formatDateTime, priceOverrideBodySchema } from '@hashpool/shared';
import type { DataColumn } from '../../../../ui/DataTable';
import { PageSpinner } from '../../../../ui/PageSpinner';
import { Paragraph, Text } from '../../../../ui/Text';
import { schemaRule } from '../../../../shell/forms/rules';
import { AdminEditDialog } from '../../../../shell/forms/AdminEditDialog';
import { ResponsiveTable } from '../../../../ui/ResponsiveTable';
import type { PriceQuote } from '../../earnings.api';
import { useEarningsAdminMutations, usePrices } from '../../earnings.queries';

const SOURCE_COLOURS: Record<string, string> = { demo: 'orange', coingecko: 'blue', operator: 'gold', unit: 'default' };
const nameOf = (q: PriceQuote) => (q.kind === 'coin' ? (findCoin(q.code)?.symbol ?? q.code.toUpperCase()) : q.code);

export function PricesAdmin({ timezone }: { timezone: string }) {
  const { t } = useTranslation('earnings');
  const data = usePrices();
  const [editing, setEditing] = useState<PriceQuote | null>(null);
  if (!data.data) return data.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />;
  const status = data.data;
  const demo = status.source === 'demo';
  const staleCount = status.list.filter((q) => q.stale).length;

  const columns: DataColumn<PriceQuote>[] = [
    { key: 'name', title: t('prices.columns.name'), render: (q) => <Text strong>{nameOf(q)}</Text> },
    { key: 'kind', title: t('prices.columns.kind'), render: (q) => t(`prices.kind.${q.kind}`) },
    { key: 'value', title: t('prices.columns.value'), align: 'right', render: (q) => (q.value === null ? '--' : q.kind === 'coin' ? `$${formatCoinPrice(q.value)}` : q.value) },
    { key: 'source', title: t('prices.columns.source'), render: (q) => (q.source ? <Tag color={SOURCE_COLOURS[q.source] ?? 'purple'}>{t(`prices.source.${q.source}`, { defaultValue: q.source })}</Tag> : '--') },
    { key: 'updated', title: t('prices.columns.updated', { timezone }), render: (q) => (q.updated_at ? formatDateTime(q.updated_at, timezone, 'YYYY-MM-DD HH:mm') : '--') },
    { key: 'state', title: t('prices.columns.state'), render: (q) => (q.stale ? <Tag color="red">{t('prices.stale')}</Tag> : <Tag color="green">{t('prices.fresh')}</Tag>) },
    { key: 'reason', title: t('prices.columns.reason'), render: (q) => (q.reason ? `${q.reason}${q.updated_by ? ` (${q.updated_by})` : ''}` : '') },
    {
      key: 'edit',
      align: 'right',
      render: (q) =>
        demo || q.source === 'unit' ? null : (
          <Button size="small" icon={<EditOutlined />} aria-label={t('prices.edit_aria', { name: nameOf(q) })} onClick={() => setEditing(q)}>
            {t('admin.edit')}
          </Button>
        ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Paragraph tone="secondary" style={{ margin: 0, maxWidth: 760 }}>
        {t('prices.intro')}
      </Paragraph>
      <Flex gap={8} wrap align="center" data-testid="prices-source">
        <Text>{t('prices.source_label')}</Text>
        <Tag color={SOURCE_COLOURS[status.source] ?? 'blue'}>{t(`prices.source.${status.source}`)}</Tag>
        {!demo && <Text tone="secondary">{t('prices.limits', { minutes: status.stale_after_minutes, seconds: status.poll_seconds })}</Text>}
        {status.source === 'coingecko' && (
          <Text tone="secondary">{t('prices.last_poll', { at: status.last_poll_at ? formatDateTime(status.last_poll_at, timezone, 'YYYY-MM-DD HH:mm:ss') : '--' })}</Text>
        )}
      </Flex>
      {demo && <Alert type="info" showIcon message={t('prices.demo_note')} />}
      {status.last_error && <Alert type="warning" showIcon message={t('prices.feed_error', { error: status.last_error })} />}
      {staleCount > 0 && <Alert type="error" showIcon message={t('prices.stale_note', { count: staleCount, minutes: status.stale_after_minutes })} />}
      <ResponsiveTable rows={status.list} rowKey={(q) => `${q.kind}:${q.code}`} columns={columns} caption={t('prices.title')} empty={t('prices.empty')} cardTestId="price-row" />
      {editing && <PriceDialog quote={editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}

interface PriceForm {
  value: string;
  reason: string;
}

function PriceDialog({ quote, onClose }: { quote: PriceQuote; onClose: () => void }) {
  const { t } = useTranslation(['earnings', 'validation']);
  const [form] = Form.useForm<PriceForm>();
  const { setPrice } = useEarningsAdminMutations();
  const shape = priceOverrideBodySchema.shape;
  const name = nameOf(quote);
  return (
    <AdminEditDialog<PriceForm>
      form={form}
      title={t('prices.dialog_title', { name })}
      onSave={(v) => setPrice.mutateAsync({ kind: quote.kind, code: quote.code, body: { value: v.value.trim(), reason: v.reason.trim() } })}
      saving={setPrice.isPending}
      savedText={t('admin.saved')}
      onClose={onClose}
      initialValues={{ value: quote.value ?? '', reason: '' }}
    >
      <Form.Item name="value" label={quote.kind === 'coin' ? t('prices.value_coin', { name }) : t('prices.value_currency', { name })} extra={t('prices.value_hint')} rules={[schemaRule(shape.value, t)]}>
        <Input inputMode="decimal" autoComplete="off" />
      </Form.Item>
      <Form.Item name="reason" label={t('admin.reason_label')} extra={t('admin.reason_hint')} rules={[schemaRule(shape.reason, t)]}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </AdminEditDialog>
  );
}
