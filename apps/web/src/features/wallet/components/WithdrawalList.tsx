// The sub-account's withdrawals, newest first: each part of a split one on its own row, with the
// address, fee, status (and an operator's reason when refused) and the chain's transaction id.
import { useState } from 'react';
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@hashpool/shared';
import { AddressText } from '../../../ui/AddressText';
import { AmountText } from '../../../ui/AmountText';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Paragraph, Text } from '../../../ui/Text';
import type { DataColumn } from '../../../ui/DataTable';
import { Pager } from '../../../ui/Pager';
import { PAGE_SIZE } from '../lib/constants';
import { useHideAmounts } from '../lib/preferences';
import type { Withdrawal } from '../wallet.api';
import { useWithdrawals } from '../wallet.queries';
import { CoinFilter } from './CoinFilter';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
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
  const [coin, setCoin] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const withdrawals = useWithdrawals({ page, page_size: PAGE_SIZE, ...(coin ? { coin } : {}) });
  const data = withdrawals.data;

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

  return (
    <Flex vertical gap={16}>
      <CoinFilter
        value={coin}
        onChange={(next) => {
          setCoin(next);
          setPage(1);
        }}
      />
      {!data ? (
        withdrawals.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />
      ) : (
        <ResponsiveTable rows={data.list} rowKey={(w) => w.id} columns={columns} caption={t('tabs.withdrawals')} empty={t('withdrawals.empty')} cardTestId="withdrawal" />
      )}
      <Pager page={page} total={data?.total ?? 0} onChange={setPage} />
    </Flex>
  );
}
