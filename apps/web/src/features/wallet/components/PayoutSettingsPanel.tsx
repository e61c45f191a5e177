// Automatic payout per coin (address, threshold, on or off): the settings so far, and a dialog to
// set one up or change it.
import { useState } from 'react';
import { Button, Flex, Tag } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@hashpool/shared';
import { AddressText } from '../../../ui/AddressText';
import { AmountText } from '../../../ui/AmountText';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Paragraph, Text } from '../../../ui/Text';
import PayoutDialog from '../dialogs/PayoutDialog';
import { coinSymbol } from '../lib/balances';
import type { BalanceItem, PayoutSetting } from '../wallet.api';
import { useAddresses, usePayoutSettings } from '../wallet.queries';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';

export function PayoutSettingsPanel({ balances, timezone }: { balances: readonly BalanceItem[]; timezone: string }) {
  const { t } = useTranslation('wallet');
  const settings = usePayoutSettings();
  const addresses = useAddresses();
  const [editing, setEditing] = useState<PayoutSetting | 'new' | null>(null);
  const addressOf = (id: string) => addresses.data?.find((a) => a.id === id);

  const columns: DataColumn<PayoutSetting>[] = [
    { key: 'coin', title: t('payout.columns.coin'), render: (s) => <Text strong>{coinSymbol(s.coin)}</Text> },
    {
      key: 'address',
      title: t('payout.columns.address'),
      render: (s) => {
        const address = addressOf(s.address_id);
        return address ? (
          <Flex vertical align="flex-start" style={{ display: 'inline-flex' }}>
            <Text>{address.alias}</Text>
            <AddressText value={address.address} label={t('payout.columns.address')} />
          </Flex>
        ) : (
          <Text tone="secondary">{t('payout.address_missing')}</Text>
        );
      },
    },
    { key: 'threshold', title: t('payout.columns.threshold'), align: 'right', render: (s) => <AmountText value={s.threshold} coin={s.coin} /> },
    { key: 'enabled', title: t('payout.columns.enabled'), render: (s) => <Tag color={s.enabled ? 'success' : 'default'}>{s.enabled ? t('payout.on') : t('payout.off')}</Tag> },
    { key: 'updated', title: t('payout.columns.updated', { timezone }), render: (s) => formatDateTime(s.updated_at, timezone, 'YYYY-MM-DD HH:mm') },
    {
      key: 'actions',
      align: 'right',
      render: (s) => (
        <Button size="small" icon={<EditOutlined />} aria-label={t('payout.edit_aria', { coin: coinSymbol(s.coin) })} onClick={() => setEditing(s)}>
          {t('payout.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Paragraph tone="secondary" style={{ margin: 0, maxWidth: 640 }}>
          {t('payout.intro')}
        </Paragraph>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('payout.add')}
        </Button>
      </Flex>
      {!settings.data ? (
        settings.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />
      ) : (
        <ResponsiveTable rows={settings.data.list} rowKey={(s) => s.coin} columns={columns} caption={t('tabs.payout')} empty={t('payout.empty')} />
      )}
      {editing && <PayoutDialog balances={balances} setting={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
