// /asset/transaction (wallet.view): every posting of the current sub-account's wallet, newest
// first, with its business type, signed amount, chain transaction id and status, filtered by coin,
// type and days (in the user's timezone). Filters and page live in the address; a row opens its
// fund detail.
import { Button, DatePicker, Flex, Select } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { findCoin, formatDateTime, USER_BUSINESS_TYPES, type BusinessType } from '@hashpool/shared';
import type { UserMine } from '../../../shell/session/user.api';
import { SafeLink, useSafeNavigate } from '../../../shell/navigation/navigation';
import { AddressText } from '../../../ui/AddressText';
import { AmountText } from '../../../ui/AmountText';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { Paragraph } from '../../../ui/Text';
import { useIsMobile } from '../../../ui/responsive';
import { Pager } from '../../../ui/Pager';
import { CoinFilter } from '../components/CoinFilter';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { WalletFrame } from '../components/WalletFrame';
import { WalletStatusTag } from '../components/WalletStatusTag';
import { walletPaths } from '../lib/constants';
import { parseTransactionFilters, transactionFiltersToParams, transactionQuery, type TransactionFilters } from '../lib/transaction-filters';
import type { Transaction } from '../wallet.api';
import { useTransactions } from '../wallet.queries';

const DAY_FORMAT = 'YYYY-MM-DD';

function Filters({ filters, onChange }: { filters: TransactionFilters; onChange: (next: Partial<TransactionFilters>) => void }) {
  const { t } = useTranslation('wallet');
  const range = filters.from && filters.to ? ([dayjs(filters.from), dayjs(filters.to)] as const) : null;
  const hasFilters = filters.coin !== null || filters.type !== null || range !== null;
  return (
    <Flex gap={12} wrap align="center">
      <CoinFilter value={filters.coin} onChange={(coin) => onChange({ coin })} />
      <Select<BusinessType | ''>
        aria-label={t('filters.type')}
        value={filters.type ?? ''}
        onChange={(type) => onChange({ type: type === '' ? null : type })}
        showSearch={{ optionFilterProp: 'label' }}
        style={{ minWidth: 200 }}
        options={[{ value: '', label: t('filters.all_types') }, ...USER_BUSINESS_TYPES.map((type) => ({ value: type, label: t(`business_type.${type}`) }))]}
      />
      <DatePicker.RangePicker
        aria-label={t('filters.dates')}
        placeholder={[t('filters.start'), t('filters.end')]}
        value={range ? [range[0], range[1]] : null}
        format={DAY_FORMAT}
        allowClear
        onChange={(days) => onChange(days?.[0] && days[1] ? { from: days[0].format(DAY_FORMAT), to: days[1].format(DAY_FORMAT) } : { from: null, to: null })}
      />
      {hasFilters && <Button onClick={() => onChange({ coin: null, type: null, from: null, to: null })}>{t('filters.clear')}</Button>}
    </Flex>
  );
}

function Transactions({ mine }: { mine: UserMine }) {
  const { t } = useTranslation('wallet');
  const navigate = useSafeNavigate();
  const isMobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const filters = parseTransactionFilters(params);
  const transactions = useTransactions(transactionQuery(filters, mine.timezone));
  const data = transactions.data;
  const change = (next: Partial<TransactionFilters>) => setParams(transactionFiltersToParams({ ...filters, page: 1, ...next }));
  const filtered = filters.coin !== null || filters.type !== null || filters.from !== null;

  const columns: DataColumn<Transaction>[] = [
    { key: 'time', title: t('transactions.columns.time', { timezone: mine.timezone }), render: (tx) => formatDateTime(tx.created_at, mine.timezone) },
    { key: 'type', title: t('transactions.columns.type'), render: (tx) => t(`business_type.${tx.business_type}`, { defaultValue: tx.business_type }) },
    { key: 'coin', title: t('transactions.columns.coin'), render: (tx) => findCoin(tx.coin)?.symbol ?? tx.coin.toUpperCase() },
    { key: 'amount', title: t('transactions.columns.amount'), align: 'right', render: (tx) => <AmountText value={tx.amount} coin={tx.coin} symbol={false} signed strong /> },
    { key: 'txid', title: t('transactions.columns.txid'), render: (tx) => <AddressText value={tx.txid} label={t('transactions.columns.txid')} /> },
    { key: 'status', title: t('transactions.columns.status'), render: (tx) => <WalletStatusTag status={tx.status} /> },
    {
      key: 'open',
      align: 'right',
      render: (tx) => (
        <SafeLink to={walletPaths.fund(tx.id)} onClick={(event) => event.stopPropagation()} aria-label={t('transactions.open_aria', { id: tx.id })} style={{ whiteSpace: 'nowrap' }}>
          {t('transactions.open')} <RightOutlined />
        </SafeLink>
      ),
    },
  ];

  return (
    <Panel padding={isMobile ? 16 : 24}>
      <Flex vertical gap={16}>
        <Filters filters={filters} onChange={change} />
        {!data ? (
          transactions.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />
        ) : (
          <ResponsiveTable
            rows={data.list}
            rowKey={(tx) => tx.id}
            columns={columns}
            caption={t('transactions.title')}
            empty={filtered ? t('transactions.empty_filtered') : t('transactions.empty')}
            onRowClick={(tx) => navigate(walletPaths.fund(tx.id))}
            cardTestId="transaction"
          />
        )}
        <Pager page={filters.page} total={data?.total ?? 0} onChange={(page) => setParams(transactionFiltersToParams({ ...filters, page }))} />
      </Flex>
    </Panel>
  );
}

export default function TransactionPage() {
  const { t } = useTranslation('wallet');
  return <WalletFrame title={t('transactions.title')}>{(mine) => <Transactions mine={mine} />}</WalletFrame>;
}
