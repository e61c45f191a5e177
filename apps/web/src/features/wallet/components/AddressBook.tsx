// The withdraw addresses of the sub-account: add one (with the second factor) or delete one.
// Deleting needs no second factor: it can only take a destination away, never add one.
import { useState } from 'react';
import { Button, Flex } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime, shortAddress } from '@hashpool/shared';
import type { UserMine } from '../../../shell/session/user.api';
import { useToast } from '../../../ui/toast';
import { AddressText } from '../../../ui/AddressText';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Paragraph, Text } from '../../../ui/Text';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import AddressDialog from '../dialogs/AddressDialog';
import { coinSymbol } from '../lib/balances';
import type { WithdrawAddress } from '../wallet.api';
import { useAddresses, useAddressMutations } from '../wallet.queries';
import { CoinFilter } from './CoinFilter';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';

export function AddressBook({ mine }: { mine: UserMine }) {
  const { t } = useTranslation('wallet');
  const toast = useToast();
  const [coin, setCoin] = useState<string | null>(null);
  const addresses = useAddresses(coin ?? undefined);
  const { remove } = useAddressMutations();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<WithdrawAddress | null>(null);

  const columns: DataColumn<WithdrawAddress>[] = [
    { key: 'coin', title: t('addresses.columns.coin'), render: (a) => <Text strong>{coinSymbol(a.coin)}</Text> },
    { key: 'alias', title: t('addresses.columns.alias'), render: (a) => a.alias },
    { key: 'address', title: t('addresses.columns.address'), render: (a) => <AddressText value={a.address} label={t('addresses.columns.address')} /> },
    { key: 'created', title: t('addresses.columns.created', { timezone: mine.timezone }), render: (a) => formatDateTime(a.created_at, mine.timezone, 'YYYY-MM-DD HH:mm') },
    {
      key: 'actions',
      align: 'right',
      render: (a) => (
        <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('addresses.delete_aria', { alias: a.alias })} onClick={() => setDeleting(a)}>
          {t('addresses.delete')}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <CoinFilter value={coin} onChange={setCoin} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('addresses.add')}
        </Button>
      </Flex>
      {!addresses.data ? (
        addresses.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />
      ) : (
        <ResponsiveTable rows={addresses.data} rowKey={(a) => a.id} columns={columns} caption={t('tabs.addresses')} empty={t('addresses.empty')} cardTestId="address" />
      )}
      {adding && <AddressDialog mine={mine} coin={coin ?? undefined} onClose={() => setAdding(false)} />}
      {deleting && (
        <ConfirmDialog
          title={t('addresses.delete_title')}
          text={t('addresses.delete_text', { alias: deleting.alias, address: shortAddress(deleting.address) })}
          okText={t('addresses.delete')}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await remove.mutateAsync(deleting.id);
            toast.success(t('addresses.deleted'));
          }}
        />
      )}
    </Flex>
  );
}
