// Operators: the market data of a coin per UTC day, newest first, and a dialog to set a day's
// values with a reason (audited). A day set here is kept as set; the simulation walks on from it.
import { useState } from 'react';
import { Button, Flex, Form, Input, Select, Tag } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { COINS, findCoin, formatCoinPrice, formatDateTime, marketDataBodySchema } from '@hashpool/shared';
import type { DataColumn } from '../../../../ui/DataTable';
import { PageSpinner } from '../../../../ui/PageSpinner';
import { Paragraph, Text } from '../../../../ui/Text';
import { schemaRule } from '../../../../shell/forms/rules';
import { AdminEditDialog } from '../../../../shell/forms/AdminEditDialog';
import { Pager } from '../../../../ui/Pager';
import { ResponsiveTable } from '../../../../ui/ResponsiveTable';
import type { MarketDay } from '../../earnings.api';
import { MARKET_PAGE_SIZE, useEarningsAdminMutations, useMarketData } from '../../earnings.queries';
import { formatDifficulty, formatHashesPerDifficulty } from '../../lib/pay-method';

const symbolOf = (code: string) => findCoin(code)?.symbol ?? code.toUpperCase();
/** The price may be left empty (unknown); otherwise the server's rule. */
const optionalPrice = {
  safeParse: (value: unknown) => (typeof value === 'string' && value.trim() === '' ? ({ success: true } as const) : marketDataBodySchema.shape.price_usd.safeParse(value)),
};
const SOURCE_COLOURS: Record<string, string> = { seed: 'default', simulated: 'blue', operator: 'gold', node: 'green' };

export function MarketDataAdmin({ timezone }: { timezone: string }) {
  const { t } = useTranslation('earnings');
  const [coin, setCoin] = useState(COINS[0]!.code);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<MarketDay | null>(null);
  const data = useMarketData(coin, page);

  const columns: DataColumn<MarketDay>[] = [
    { key: 'day', title: t('admin.columns.day'), render: (d) => <Text strong>{d.day}</Text> },
    { key: 'difficulty', title: t('admin.columns.difficulty'), align: 'right', render: (d) => <span title={d.network_difficulty}>{formatDifficulty(d.network_difficulty)}</span> },
    { key: 'subsidy', title: t('admin.columns.subsidy'), align: 'right', render: (d) => `${d.block_subsidy} ${symbolOf(d.coin)}` },
    { key: 'fees', title: t('admin.columns.fees'), align: 'right', render: (d) => `${d.avg_fees_per_block} ${symbolOf(d.coin)}` },
    { key: 'price', title: t('admin.columns.price'), align: 'right', render: (d) => (d.price_usd === null ? '--' : `$${formatCoinPrice(d.price_usd)}`) },
    { key: 'source', title: t('admin.columns.source'), render: (d) => <Tag color={SOURCE_COLOURS[d.source] ?? 'purple'}>{t(`admin.source.${d.source}`, { defaultValue: d.source })}</Tag> },
    { key: 'updated', title: t('admin.columns.updated', { timezone }), render: (d) => formatDateTime(d.updated_at, timezone, 'YYYY-MM-DD HH:mm') },
    {
      key: 'edit',
      align: 'right',
      render: (d) => (
        <Button size="small" icon={<EditOutlined />} aria-label={t('admin.edit_day_aria', { coin: symbolOf(d.coin), day: d.day })} onClick={() => setEditing(d)}>
          {t('admin.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Paragraph tone="secondary" style={{ margin: 0, maxWidth: 760 }}>
        {t('admin.market_intro')}
      </Paragraph>
      <Select
        aria-label={t('admin.coin')}
        value={coin}
        onChange={(next: string) => {
          setCoin(next);
          setPage(1);
        }}
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 220, maxWidth: '100%' }}
        options={COINS.map((c) => ({ value: c.code, label: `${c.symbol} · ${c.name}` }))}
      />
      {!data.data ? (
        data.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />
      ) : (
        <ResponsiveTable rows={data.data.list} rowKey={(d) => `${d.coin}:${d.day}`} columns={columns} caption={t('admin.market_title')} empty={t('admin.empty')} cardTestId="market-day" />
      )}
      <Pager page={page} total={data.data?.total ?? 0} pageSize={MARKET_PAGE_SIZE} onChange={setPage} />
      {editing && <MarketDayDialog day={editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}

interface DayForm {
  network_difficulty: string;
  block_subsidy: string;
  avg_fees_per_block: string;
  price_usd: string;
  reason: string;
}

function MarketDayDialog({ day, onClose }: { day: MarketDay; onClose: () => void }) {
  const { t } = useTranslation(['earnings', 'validation']);
  const [form] = Form.useForm<DayForm>();
  const { setMarketDay } = useEarningsAdminMutations();
  const symbol = symbolOf(day.coin);
  const shape = marketDataBodySchema.shape;
  return (
    <AdminEditDialog<DayForm>
      form={form}
      title={t('admin.day_title', { coin: symbol, day: day.day })}
      onSave={(v) =>
        setMarketDay.mutateAsync({
          coin: day.coin,
          day: day.day,
          body: {
            network_difficulty: v.network_difficulty.trim(),
            block_subsidy: v.block_subsidy.trim(),
            avg_fees_per_block: v.avg_fees_per_block.trim(),
            price_usd: v.price_usd.trim() === '' ? null : v.price_usd.trim(),
            reason: v.reason.trim(),
          },
        })
      }
      saving={setMarketDay.isPending}
      savedText={t('admin.saved')}
      onClose={onClose}
      initialValues={{ network_difficulty: day.network_difficulty, block_subsidy: day.block_subsidy, avg_fees_per_block: day.avg_fees_per_block, price_usd: day.price_usd ?? '', reason: '' }}
    >
      <Form.Item name="network_difficulty" label={t('admin.difficulty_label')} extra={t('admin.difficulty_hint', { k: formatHashesPerDifficulty(day.hashes_per_difficulty) })} rules={[schemaRule(shape.network_difficulty, t)]}>
        <Input inputMode="decimal" autoComplete="off" />
      </Form.Item>
      <Form.Item name="block_subsidy" label={t('admin.subsidy_label', { symbol })} rules={[schemaRule(shape.block_subsidy, t)]}>
        <Input inputMode="decimal" autoComplete="off" />
      </Form.Item>
      <Form.Item name="avg_fees_per_block" label={t('admin.fees_label', { symbol })} rules={[schemaRule(shape.avg_fees_per_block, t)]}>
        <Input inputMode="decimal" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="price_usd"
        label={t('admin.price_label')}
        extra={t('admin.price_hint')}
        rules={[schemaRule(optionalPrice, t)]}
      >
        <Input inputMode="decimal" autoComplete="off" />
      </Form.Item>
      <Form.Item name="reason" label={t('admin.reason_label')} extra={t('admin.reason_hint')} rules={[schemaRule(shape.reason, t)]}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </AdminEditDialog>
  );
}
