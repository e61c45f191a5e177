// The sub-account's deposits, newest first: amount, the address it came to, the chain's
// transaction id and its confirmations until it is credited. One whose transaction a double spend
// replaced on the chain (failed, reversed) has no confirmations to show; its status says why.
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@hashpool/shared';
import { AddressText } from '../../../ui/AddressText';
import { AmountText } from '../../../ui/AmountText';
import { ExplainedTag } from '../../../ui/ExplainedTag';
import type { DataColumn } from '../../../ui/DataTable';
import { useHideAmounts } from '../lib/preferences';
import type { Deposit } from '../wallet.api';
import { useDeposits } from '../wallet.queries';
import { CoinPagedTable } from './CoinPagedTable';
import { WalletStatusTag } from './WalletStatusTag';

/** A deposit whose transaction a double spend replaced on the chain. */
const replaced = (d: Deposit) => d.status === 'failed' || d.status === 'reversed';

export function DepositList({ timezone }: { timezone: string }) {
  const { t } = useTranslation('wallet');
  const [hidden] = useHideAmounts();

  const columns: DataColumn<Deposit>[] = [
    { key: 'time', title: t('deposits.columns.time', { timezone }), render: (d) => formatDateTime(d.created_at, timezone, 'YYYY-MM-DD HH:mm') },
    { key: 'amount', title: t('deposits.columns.amount'), align: 'right', render: (d) => <AmountText value={d.amount} coin={d.coin} hidden={hidden} strong /> },
    { key: 'address', title: t('deposits.columns.address'), render: (d) => <AddressText value={d.address} label={t('deposits.columns.address')} /> },
    { key: 'txid', title: t('deposits.columns.txid'), render: (d) => <AddressText value={d.txid} label={t('deposits.columns.txid')} /> },
    { key: 'confirmations', title: t('deposits.columns.confirmations'), align: 'right', render: (d) => (replaced(d) ? '—' : d.confirmations) },
    {
      key: 'status',
      title: t('deposits.columns.status'),
      render: (d) =>
        replaced(d) ? (
          <ExplainedTag label={t(`status.${d.status}`)} hint={t(`deposits.${d.status}_hint`)}>
            <WalletStatusTag status={d.status} />
          </ExplainedTag>
        ) : (
          <WalletStatusTag status={d.status} />
        ),
    },
  ];

  return <CoinPagedTable<Deposit> useRows={useDeposits} columns={columns} rowKey={(d) => d.id} caption={t('tabs.deposits')} empty={t('deposits.empty')} cardTestId="deposit" />;
}
