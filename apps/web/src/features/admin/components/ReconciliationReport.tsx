// The ledger's reconciliation (docs/architecture.md, The ledger): every posting sums to zero per coin,
// every cached balance equals the sum of its entries, and what the chain holds matches what the
// ledger says the hot wallet holds. Anything off is listed; "Check again" runs it anew.
import type { ReactNode } from 'react';
import { Alert, Button, Flex, Tag } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@hashpool/shared';
import { AmountText } from '../../../ui/AmountText';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Paragraph, Text, Title } from '../../../ui/Text';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { coinSymbol } from '../../wallet';
import type { Reconciliation } from '../admin.api';
import { useReconciliation } from '../admin.queries';

type Unbalanced = Reconciliation['unbalanced'][number];
type Mismatch = Reconciliation['balance_mismatches'][number];
type Custody = Reconciliation['custody'][number];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Title level={3} style={{ fontSize: 16 }}>
        {title}
      </Title>
      {children}
    </section>
  );
}

export function ReconciliationReport({ timezone }: { timezone: string }) {
  const { t } = useTranslation('admin');
  const report = useReconciliation();
  const data = report.data;
  if (!data) return report.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />;

  const unbalancedColumns: DataColumn<Unbalanced>[] = [
    { key: 'posting', title: t('reconcile.columns.posting'), render: (u) => u.posting_id },
    { key: 'coin', title: t('reconcile.columns.coin'), render: (u) => coinSymbol(u.coin) },
    { key: 'sum', title: t('reconcile.columns.sum'), align: 'right', render: (u) => <AmountText value={u.sum} coin={u.coin} symbol={false} signed /> },
  ];
  const mismatchColumns: DataColumn<Mismatch>[] = [
    { key: 'holder', title: t('reconcile.columns.holder'), render: (m) => m.holder },
    { key: 'coin', title: t('reconcile.columns.coin'), render: (m) => coinSymbol(m.coin) },
    { key: 'bucket', title: t('reconcile.columns.bucket'), render: (m) => t(`ledger.bucket.${m.bucket}`, { defaultValue: m.bucket }) },
    { key: 'cached', title: t('reconcile.columns.cached'), align: 'right', render: (m) => <AmountText value={m.cached} coin={m.coin} symbol={false} /> },
    { key: 'entries', title: t('reconcile.columns.entries'), align: 'right', render: (m) => <AmountText value={m.entries} coin={m.coin} symbol={false} /> },
  ];
  const custodyColumns: DataColumn<Custody>[] = [
    { key: 'coin', title: t('reconcile.columns.coin'), render: (c) => <Text strong>{coinSymbol(c.coin)}</Text> },
    { key: 'expected', title: t('reconcile.columns.expected'), align: 'right', render: (c) => <AmountText value={c.expected} coin={c.coin} symbol={false} /> },
    { key: 'actual', title: t('reconcile.columns.actual'), align: 'right', render: (c) => <AmountText value={c.actual} coin={c.coin} symbol={false} /> },
    { key: 'ok', title: t('reconcile.columns.ok'), render: (c) => <Tag color={c.ok ? 'success' : 'error'}>{c.ok ? t('reconcile.match') : t('reconcile.mismatch')}</Tag> },
  ];

  return (
    <Flex vertical gap={24}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Alert
          type={data.ok ? 'success' : 'error'}
          showIcon
          title={data.ok ? t('reconcile.ok') : t('reconcile.not_ok')}
          description={t('reconcile.summary', { time: formatDateTime(data.checked_at, timezone), postings: data.postings, entries: data.entries })}
          style={{ flex: '1 1 320px' }}
        />
        <Button icon={<ReloadOutlined />} loading={report.isFetching} onClick={() => void report.refetch()}>
          {t('reconcile.again')}
        </Button>
      </Flex>
      <Section title={t('reconcile.unbalanced')}>
        <ResponsiveTable rows={data.unbalanced} rowKey={(u) => `${u.posting_id}:${u.coin}`} columns={unbalancedColumns} caption={t('reconcile.unbalanced')} empty={t('reconcile.none')} />
      </Section>
      <Section title={t('reconcile.mismatches')}>
        <ResponsiveTable rows={data.balance_mismatches} rowKey={(m) => `${m.holder}:${m.coin}:${m.bucket}`} columns={mismatchColumns} caption={t('reconcile.mismatches')} empty={t('reconcile.none')} />
      </Section>
      <Section title={t('reconcile.custody')}>
        <ResponsiveTable rows={data.custody} rowKey={(c) => c.coin} columns={custodyColumns} caption={t('reconcile.custody')} empty={t('reconcile.no_custody')} />
      </Section>
    </Flex>
  );
}
