// Coin settings (admin only): per coin its chain (simulated, a wallet node and its network, or
// disabled: set in the server's configuration, shown here), the minimum withdrawal, the
// single-withdrawal maximum, the review threshold, the withdrawal fee, the four-eyes threshold, the
// deposit confirmations and whether withdrawals are open. Saved with a reason (audited); the server
// reads them on every request, so a change applies to the next withdrawal (and deposit scan) and
// users see a suspension on their withdraw button.
import { useState } from 'react';
import { Button, Flex, Form, Input, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { coinSettingsBodySchema } from '@hashpool/shared';
import { FormDialog } from '../../../shell/forms/FormDialog';
import { NumberInput } from '../../../ui/NumberInput';
import { schemaRule } from '../../../shell/forms/rules';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { Paragraph, Text } from '../../../ui/Text';
import { useToast } from '../../../ui/toast';
import { coinSymbol } from '../../wallet';
import type { CoinSettings, CoinSettingsInput } from '../admin.api';
import { useAdminMutations, useCoinSettings } from '../admin.queries';

const AMOUNTS = ['min_withdraw', 'withdraw_fee', 'max_single_withdraw', 'audit_threshold', 'four_eyes_threshold', 'adjustment_cap'] as const;

export function CoinSettingsAdmin() {
  const { t } = useTranslation('admin');
  const settings = useCoinSettings();
  const [editing, setEditing] = useState<CoinSettings | null>(null);

  const columns: DataColumn<CoinSettings>[] = [
    { key: 'coin', title: t('coins.columns.coin'), render: (c) => <Text strong>{coinSymbol(c.coin)}</Text> },
    { key: 'chain', title: t('coins.columns.chain'), render: (c) => <ChainTag coin={c} /> },
    { key: 'state', title: t('coins.columns.withdrawals'), render: (c) => <Tag color={c.withdraw_enabled ? 'green' : 'red'}>{t(c.withdraw_enabled ? 'coins.open' : 'coins.suspended')}</Tag> },
    ...AMOUNTS.map((k): DataColumn<CoinSettings> => ({ key: k, title: t(`coins.columns.${k}`), align: 'right', render: (c) => c[k] ?? t('coins.off') })),
    { key: 'confirmations', title: t('coins.columns.deposit_confirmations'), align: 'right', render: (c) => c.deposit_confirmations },
    { key: 'edit', render: (c) => <Button size="small" onClick={() => setEditing(c)} aria-label={t('coins.edit_aria', { coin: coinSymbol(c.coin) })}>{t('coins.edit')}</Button> },
  ];

  if (!settings.data) return settings.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />;
  return (
    <Flex vertical gap={16}>
      <Paragraph tone="secondary">{t('coins.hint')} {t('coins.chain_hint')}</Paragraph>
      <ResponsiveTable rows={settings.data.list} rowKey={(c) => c.coin} columns={columns} caption={t('tabs.coins')} empty={t('users.none')} cardTestId="coin-settings" />
      {editing && <CoinSettingsDialog coin={editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}

/** The coin's chain from the server's configuration, with its node's network; a disabled chain closes the coin. */
function ChainTag({ coin }: { coin: CoinSettings }) {
  const { t } = useTranslation('admin');
  const color = coin.chain === 'disabled' ? 'red' : coin.chain === 'jsonrpc' ? 'blue' : 'default';
  return (
    <Tag color={color}>
      {t(`coins.chain.${coin.chain}`)}
      {coin.network && coin.chain === 'jsonrpc' ? ` · ${t(`coins.network.${coin.network}`)}` : ''}
    </Tag>
  );
}

type Values = Omit<CoinSettingsInput, 'four_eyes_threshold' | 'adjustment_cap'> & { four_eyes_threshold: string; adjustment_cap: string };

function CoinSettingsDialog({ coin, onClose }: { coin: CoinSettings; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'validation']);
  const toast = useToast();
  const { setCoinSettings } = useAdminMutations();
  const shape = coinSettingsBodySchema.shape;
  return (
    <FormDialog<Values>
      title={t('coins.edit_title', { coin: coinSymbol(coin.coin) })}
      okText={t('coins.save')}
      initialValues={{ ...coin, four_eyes_threshold: coin.four_eyes_threshold ?? '', adjustment_cap: coin.adjustment_cap ?? '' }}
      onClose={onClose}
      onSubmit={async (v) => {
        const four = v.four_eyes_threshold.trim();
        const cap = v.adjustment_cap.trim();
        // The form holds the row's read-only figures too: only the settings go back.
        const { max_supply: _supply, coin: _coin, chain: _chain, network: _network, ...settings } = v as Values & Partial<Pick<CoinSettings, 'max_supply' | 'coin' | 'chain' | 'network'>>;
        await setCoinSettings.mutateAsync({ coin: coin.coin, body: { ...settings, four_eyes_threshold: four === '' ? null : four, adjustment_cap: cap === '' ? null : cap, reason: v.reason.trim() } });
        toast.success(t('coins.saved'));
      }}
    >
      <Form.Item name="withdraw_enabled" label={t('coins.columns.withdrawals')} valuePropName="checked">
        <Switch checkedChildren={t('coins.open')} unCheckedChildren={t('coins.suspended')} />
      </Form.Item>
      {(['min_withdraw', 'withdraw_fee', 'max_single_withdraw', 'audit_threshold'] as const).map((k) => (
        <Form.Item key={k} name={k} label={t(`coins.columns.${k}`)} rules={[schemaRule(shape[k], t)]}>
          <Input inputMode="decimal" maxLength={40} />
        </Form.Item>
      ))}
      <Form.Item name="four_eyes_threshold" label={t('coins.columns.four_eyes_threshold')} extra={t('coins.four_eyes_hint')}>
        <Input inputMode="decimal" maxLength={40} />
      </Form.Item>
      <Form.Item name="adjustment_cap" label={t('coins.columns.adjustment_cap')} extra={t('coins.adjustment_cap_hint', { max: coin.max_supply, coin: coinSymbol(coin.coin) })}>
        <Input inputMode="decimal" maxLength={40} />
      </Form.Item>
      <Form.Item name="deposit_confirmations" label={t('coins.columns.deposit_confirmations')} rules={[schemaRule(shape.deposit_confirmations, t)]}>
        <NumberInput min={1} max={1000} precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="reason" label={t('review.reason_label')} rules={[schemaRule(shape.reason, t)]} extra={t('users.reason_hint')}>
        <Input.TextArea rows={2} maxLength={500} showCount />
      </Form.Item>
    </FormDialog>
  );
}
