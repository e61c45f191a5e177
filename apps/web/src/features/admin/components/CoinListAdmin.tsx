// The coin list (admin only): which coins the site lists (the pools list, switchers, connection
// guides), in what order, and the stratum address a coin's guide shows until a stratum process
// announces its own. Checked by the shared rules here and on the server, saved with a reason
// (audited), shown from the next page load. Hidden coins still take shares.
import { useState } from 'react';
import { Button, Flex, Form, Input, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCoinBodySchema } from '@hashpool/shared';
import { FormDialog } from '../../../shell/forms/FormDialog';
import { schemaRule } from '../../../shell/forms/rules';
import type { DataColumn } from '../../../ui/DataTable';
import { NumberInput } from '../../../ui/NumberInput';
import { PageSpinner } from '../../../ui/PageSpinner';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { Paragraph, Text } from '../../../ui/Text';
import { useToast } from '../../../ui/toast';
import type { AdminCoin, AdminCoinBody } from '../admin.api';
import { useAdminCoins, useAdminMutations } from '../admin.queries';

export function CoinListAdmin() {
  const { t } = useTranslation('admin');
  const coins = useAdminCoins();
  const [editing, setEditing] = useState<AdminCoin | null>(null);

  const columns: DataColumn<AdminCoin>[] = [
    { key: 'coin', title: t('coin_list.columns.coin'), render: (c) => (
      <Flex vertical>
        <Text strong>{c.symbol}</Text>
        <Text tone="secondary">{c.name}</Text>
      </Flex>
    ) },
    { key: 'algorithm', title: t('coin_list.columns.algorithm'), render: (c) => `${c.algorithm} · ${t(`coin_list.mode.${c.mode}`)}` },
    { key: 'shown', title: t('coin_list.columns.shown'), render: (c) => <Tag color={c.enabled ? 'green' : 'default'}>{t(c.enabled ? 'coin_list.listed' : 'coin_list.hidden')}</Tag> },
    { key: 'order', title: t('coin_list.columns.order'), align: 'right', render: (c) => c.sort_order },
    { key: 'maturity', title: t('coin_list.columns.maturity'), align: 'right', render: (c) => c.maturity },
    { key: 'stratum', title: t('coin_list.columns.stratum_url'), render: (c) => <Text style={{ wordBreak: 'break-all' }}>{c.stratum_url}</Text> },
    { key: 'edit', render: (c) => <Button size="small" onClick={() => setEditing(c)} aria-label={t('coin_list.edit_aria', { coin: c.symbol })}>{t('coins.edit')}</Button> },
  ];

  if (!coins.data) return coins.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />;
  return (
    <Flex vertical gap={16}>
      <Paragraph tone="secondary">{t('coin_list.hint')}</Paragraph>
      <ResponsiveTable rows={coins.data.list} rowKey={(c) => c.code} columns={columns} caption={t('tabs.coin_list')} empty={t('users.none')} cardTestId="coin-list" />
      {editing && <CoinDialog coin={editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}

function CoinDialog({ coin, onClose }: { coin: AdminCoin; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'validation']);
  const toast = useToast();
  const { setCoin } = useAdminMutations();
  const shape = adminCoinBodySchema.shape;
  return (
    <FormDialog<AdminCoinBody>
      title={t('coin_list.edit_title', { coin: coin.symbol })}
      okText={t('coins.save')}
      initialValues={{ enabled: coin.enabled, sort_order: coin.sort_order, stratum_url: coin.stratum_url, reason: '' }}
      onClose={onClose}
      onSubmit={async (v) => {
        await setCoin.mutateAsync({ coin: coin.code, body: { enabled: v.enabled, sort_order: v.sort_order, stratum_url: v.stratum_url.trim(), reason: v.reason.trim() } });
        toast.success(t('coin_list.saved'));
      }}
    >
      <Form.Item name="enabled" label={t('coin_list.columns.shown')} valuePropName="checked" extra={t('coin_list.shown_hint')}>
        <Switch checkedChildren={t('coin_list.listed')} unCheckedChildren={t('coin_list.hidden')} />
      </Form.Item>
      <Form.Item name="sort_order" label={t('coin_list.columns.order')} rules={[schemaRule(shape.sort_order, t)]} extra={t('coin_list.order_hint')}>
        <NumberInput min={0} max={9999} precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="stratum_url" label={t('coin_list.columns.stratum_url')} rules={[schemaRule(shape.stratum_url, t)]} extra={t('coin_list.stratum_hint')}>
        <Input maxLength={300} />
      </Form.Item>
      <Form.Item name="reason" label={t('review.reason_label')} rules={[schemaRule(shape.reason, t)]} extra={t('users.reason_hint')}>
        <Input.TextArea rows={2} maxLength={500} showCount />
      </Form.Item>
    </FormDialog>
  );
}
