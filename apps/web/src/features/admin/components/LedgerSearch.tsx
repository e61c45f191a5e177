// A sub-account's ledger, found by its name: whose it is, its balances per coin, and its postings
// newest first with the bucket (available, frozen, locked) each one moved.
import { useState } from 'react';
import { Flex, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@hashpool/shared';
import { ApiError } from '../../../shell/api/api-error';
import { AddressText } from '../../../ui/AddressText';
import { AmountText } from '../../../ui/AmountText';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { Paragraph, Text, Title } from '../../../ui/Text';
import { Pager } from '../../../ui/Pager';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { coinSymbol, WalletStatusTag } from '../../wallet';
import type { AdminLedger, LedgerEntry } from '../admin.api';
import { ADMIN_PAGE_SIZE, useLedger } from '../admin.queries';

type Balance = AdminLedger['balances'][number];

export function LedgerSearch({ timezone }: { timezone: string }) {
  const { t } = useTranslation(['admin', 'wallet']);
  const [account, setAccount] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const ledger = useLedger(account, page);
  const data = ledger.data;

  const balanceColumns: DataColumn<Balance>[] = [
    { key: 'coin', title: t('ledger.columns.coin'), render: (b) => <Text strong>{coinSymbol(b.coin)}</Text> },
    { key: 'available', title: t('wallet:balances.columns.available'), align: 'right', render: (b) => <AmountText value={b.available} coin={b.coin} symbol={false} /> },
    { key: 'frozen', title: t('wallet:balances.columns.frozen'), align: 'right', render: (b) => <AmountText value={b.frozen} coin={b.coin} symbol={false} /> },
    { key: 'locked', title: t('wallet:balances.columns.locked'), align: 'right', render: (b) => <AmountText value={b.locked} coin={b.coin} symbol={false} /> },
  ];
  const entryColumns: DataColumn<LedgerEntry>[] = [
    { key: 'time', title: t('ledger.columns.time', { timezone }), render: (e) => formatDateTime(e.created_at, timezone) },
    { key: 'id', title: t('ledger.columns.id'), render: (e) => e.id },
    { key: 'type', title: t('ledger.columns.type'), render: (e) => t(`wallet:business_type.${e.business_type}`, { defaultValue: e.business_type }) },
    { key: 'bucket', title: t('ledger.columns.bucket'), render: (e) => <Tag>{t(`ledger.bucket.${e.bucket}`, { defaultValue: e.bucket })}</Tag> },
    { key: 'amount', title: t('ledger.columns.amount'), align: 'right', render: (e) => <AmountText value={e.amount} coin={e.coin} signed /> },
    { key: 'status', title: t('ledger.columns.status'), render: (e) => <WalletStatusTag status={e.status} /> },
    { key: 'reference', title: t('ledger.columns.reference'), render: (e) => <AddressText value={e.reference ?? e.txid} label={t('ledger.columns.reference')} /> },
  ];

  return (
    <Flex vertical gap={16}>
      <Input.Search
        aria-label={t('ledger.search')}
        placeholder={t('ledger.search')}
        enterButton={t('ledger.search_button')}
        maxLength={30}
        allowClear
        style={{ maxWidth: 420 }}
        onSearch={(value) => {
          setAccount(value.trim() === '' ? null : value.trim());
          setPage(1);
        }}
      />
      {account === null ? (
        <Paragraph tone="secondary">{t('ledger.hint')}</Paragraph>
      ) : ledger.isError ? (
        <Paragraph tone="secondary" role="alert">
          {ledger.error instanceof ApiError && ledger.error.kind === 'server' && ledger.error.message ? ledger.error.message : t('ledger.not_found', { account })}
        </Paragraph>
      ) : !data ? (
        <PageSpinner />
      ) : (
        <>
          <Panel padding={16}>
            <Flex gap={16} wrap align="center">
              <Text strong style={{ fontSize: 16 }}>
                {data.account.name}
              </Text>
              <Text tone="secondary">{data.account.user_email ?? t('ledger.no_email')}</Text>
            </Flex>
          </Panel>
          <Title level={3} style={{ fontSize: 16, margin: 0 }}>
            {t('ledger.balances')}
          </Title>
          <ResponsiveTable rows={data.balances} rowKey={(b) => b.coin} columns={balanceColumns} caption={t('ledger.balances')} empty={t('ledger.no_balances')} />
          <Title level={3} style={{ fontSize: 16, margin: 0 }}>
            {t('ledger.entries')}
          </Title>
          <ResponsiveTable rows={data.entries.list} rowKey={(e) => `${e.id}:${e.bucket}:${e.coin}`} columns={entryColumns} caption={t('ledger.entries')} empty={t('ledger.no_entries')} cardTestId="ledger-entry" />
          <Pager page={page} total={data.entries.total} pageSize={ADMIN_PAGE_SIZE} onChange={setPage} />
        </>
      )}
    </Flex>
  );
}
