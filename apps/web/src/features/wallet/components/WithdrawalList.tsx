// The sub-account's withdrawals, newest first: each part of a split one on its own row, with the
// address, fee, status (and an operator's reason when refused) and the chain's transaction id.
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@hashpool/shared';
import { AddressText } from '../../../ui/AddressText';
import { AmountText } from '../../../ui/AmountText';
import { Text } from '../../../ui/Text';
import type { DataColumn } from '../../../ui/DataTable';
import { useHideAmounts } from '../lib/preferences';
import type { Withdrawal } from '../wallet.api';
import { useWithdrawals } from '../wallet.queries';
import { CoinPagedTable } from './CoinPagedTable';
import { WalletStatusTag } from './WalletStatusTag';

function StatusCell({ row }: { row: Withdrawal }) {
  const { t } = useTranslation('wallet');
  return (
    <Flex vertical gap={2} align="flex-end" style={{ display: 'inline-flex' }}>
      <Flex gap={4} wrap justify="flex-end">
        <WalletStatusTag status={row.status} />
        {row.origin === 'payout' && <Tag style={{ marginInlineEnd: 0 }}>{t('withdrawals.payout')}</Tag>}
      </Flex>
      {row.reason && (row.status === 'rejected' || row.status === 'failed') && (
        <Text tone="secondary" style={{ fontSize: 12 }}>
          {t('withdrawals.reason', { reason: row.reason })}
        </Text>
      )}
    </Flex>
  );
}

export function WithdrawalList({ timezone }: { timezone: string }) {
  const { t } = useTranslation('wallet');
  const [hidden] = useHideAmounts();

  const columns: DataColumn<Withdrawal>[] = [
    { key: 'time', title: t('withdrawals.columns.time', { timezone }), render: (w) => formatDateTime(w.created_at, timezone, 'YYYY-MM-DD HH:mm') },
    {
      key: 'amount',
      title: t('withdrawals.columns.amount'),
      align: 'right',
      render: (w) => (
        <Flex vertical align="flex-end" style={{ display: 'inline-flex' }}>
          <AmountText value={w.amount} coin={w.coin} hidden={hidden} strong />
          {w.parts > 1 && (
            <Text tone="secondary" style={{ fontSize: 12 }}>
              {t('withdrawals.part', { part: w.part_no, parts: w.parts })}
            </Text>
          )}
        </Flex>
      ),
    },
    { key: 'fee', title: t('withdrawals.columns.fee'), align: 'right', render: (w) => <AmountText value={w.fee} coin={w.coin} hidden={hidden} /> },
    { key: 'address', title: t('withdrawals.columns.address'), render: (w) => <AddressText value={w.address} label={t('withdrawals.columns.address')} /> },
    { key: 'status', title: t('withdrawals.columns.status'), render: (w) => <StatusCell row={w} /> },
    { key: 'txid', title: t('withdrawals.columns.txid'), render: (w) => <AddressText value={w.txid} label={t('withdrawals.columns.txid')} /> },
  ];

  return <CoinPagedTable<Withdrawal> useRows={useWithdrawals} columns={columns} rowKey={(w) => w.id} caption={t('tabs.withdrawals')} empty={t('withdrawals.empty')} cardTestId="withdrawal" />;
}
