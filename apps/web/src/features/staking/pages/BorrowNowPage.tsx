// /asset/:type/borrow-now (wallet.view; ALEO only): loan products, the open loan (debt, interest
// due and repaid) with repay and cancel, and past loans. Borrowed ALEO goes straight into the
// stake; the settlement rule at the end of the period is said on the page (docs/rules.md, Borrowing).
import { useState } from 'react';
import { Alert, Button, Descriptions, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, nameOf } from '@hashpool/shared';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import type { DataColumn } from '../../../ui/DataTable';
import { Panel } from '../../../ui/Panel';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { StatusResult } from '../../../ui/StatusResult';
import { Paragraph, Text, Title } from '../../../ui/Text';
import { useToast } from '../../../ui/toast';
import { AleoPage, Loading } from '../components/AleoPage';
import { AmountDialog } from '../components/AmountDialog';
import { percent } from '../components/BatchTerms';
import { LoanStatusTag } from '../components/LoanStatusTag';
import { stakingApi, type Loan, type LoanProduct } from '../staking.api';
import { useBorrowing, useWalletMutation } from '../staking.queries';

type Dialog = { kind: 'borrow'; product: LoanProduct } | { kind: 'repay'; loan: Loan } | { kind: 'cancel'; loan: Loan } | null;

function rateText(t: (k: string, o?: Record<string, unknown>) => string, rate: string, period: string) {
  return t(`loan.rate_${period}`, { rate: percent(rate) });
}

function Borrowing({ timezone }: { timezone: string }) {
  const { t, i18n } = useTranslation('staking');
  const toast = useToast();
  const overview = useBorrowing();
  const [dialog, setDialog] = useState<Dialog>(null);
  const borrow = useWalletMutation((a: { product: string; amount: string; key: string }) => stakingApi.borrow(a.product, a.amount, a.key));
  const repay = useWalletMutation((a: { loan: string; amount: string; key: string }) => stakingApi.repay(a.loan, a.amount, a.key));
  const cancel = useWalletMutation((loan: string) => stakingApi.cancel(loan));
  if (!overview.data) return <Loading query={overview} />;
  const data = overview.data;
  const loan = data.loan;
  const productName = (l: Loan) => nameOf({ name: l.product_name, names: l.product_names }, i18n.language);
  const columns: DataColumn<Loan>[] = [
    { key: 'created', title: t('loan.created'), render: (l) => formatDateTime(l.created_at, timezone, 'YYYY-MM-DD HH:mm') },
    { key: 'product', title: t('loan.product'), render: (l) => productName(l) },
    { key: 'amount', title: t('loan.amount'), align: 'right', render: (l) => `${l.amount} ALEO` },
    { key: 'interest', title: t('loan.interest_repaid'), align: 'right', render: (l) => `${l.interest_repaid} ALEO` },
    { key: 'status', title: t('loan.status'), render: (l) => <LoanStatusTag status={l.status} /> },
  ];
  return (
    <>
      <Alert type="info" showIcon title={t('loan.rules')} />
      {data.loan_account !== null && <Alert type="warning" showIcon data-testid="loan-elsewhere" title={t('loan.elsewhere', { account: data.loan_account })} />}
      {loan && (
        <Panel padding={24} data-testid="open-loan">
          <Flex vertical gap={16}>
            <Flex justify="space-between" align="center" wrap gap={8}>
              <Flex gap={8} align="center">
                <Title level={2} style={{ margin: 0, fontSize: 18 }}>
                  {t('loan.open', { product: productName(loan) })}
                </Title>
                <LoanStatusTag status={loan.status} />
              </Flex>
              <Flex gap={8}>
                {loan.status === 'active' && (
                  <Button type="primary" onClick={() => setDialog({ kind: 'repay', loan })}>
                    {t('loan.repay')}
                  </Button>
                )}
                {loan.status === 'pending' && (
                  <Button danger onClick={() => setDialog({ kind: 'cancel', loan })}>
                    {t('loan.cancel')}
                  </Button>
                )}
              </Flex>
            </Flex>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, md: 3 }}
              items={[
                { key: 'amount', label: t('loan.amount'), children: `${loan.amount} ALEO` },
                { key: 'debt', label: t('loan.debt'), children: <Text strong data-testid="loan-debt">{loan.debt} ALEO</Text> },
                { key: 'interest_due', label: t('loan.interest_due'), children: `${loan.interest_due} ALEO` },
                { key: 'interest_repaid', label: t('loan.interest_repaid'), children: `${loan.interest_repaid} ALEO` },
                { key: 'rate', label: t('loan.rate'), children: rateText(t, loan.rate, loan.rate_period) },
                { key: 'ends', label: t('loan.ends'), children: loan.ends_at ? formatDateTime(loan.ends_at, timezone, 'YYYY-MM-DD HH:mm') : t('loan.after_approval', { days: loan.period_days }) },
              ]}
            />
          </Flex>
        </Panel>
      )}
      <section aria-labelledby="products-title">
        <Title level={2} id="products-title" style={{ fontSize: 18, marginTop: 0 }}>
          {t('loan.products')}
        </Title>
        {data.products.length === 0 ? (
          <StatusResult status="info" title={t('loan.no_products')} />
        ) : (
          <Flex vertical gap={12}>
            {data.products.map((p) => (
              <Panel key={p.id} padding={20} data-testid="loan-product">
                <Flex justify="space-between" align="center" wrap gap={12}>
                  <Flex vertical gap={6}>
                    <Flex gap={8} align="center" wrap>
                      <Text strong style={{ fontSize: 16 }}>{nameOf(p, i18n.language)}</Text>
                      {p.demo && <Tag color="orange">{t('demo')}</Tag>}
                    </Flex>
                    <Text tone="secondary">{t('loan.terms', { min: p.min_amount, max: p.max_amount, days: p.period_days, left: p.available_capacity })}</Text>
                  </Flex>
                  <Flex vertical align="end" gap={4}>
                    <Text strong style={{ fontSize: 18 }}>{rateText(t, p.rate, p.rate_period)}</Text>
                    <Button type="primary" disabled={loan !== null || data.loan_account !== null} onClick={() => setDialog({ kind: 'borrow', product: p })}>
                      {t('loan.borrow')}
                    </Button>
                  </Flex>
                </Flex>
              </Panel>
            ))}
          </Flex>
        )}
      </section>
      {data.history.length > 0 && (
        <section aria-labelledby="history-title">
          <Title level={2} id="history-title" style={{ fontSize: 18, marginTop: 0 }}>
            {t('loan.history')}
          </Title>
          <Panel padding={16}>
            <ResponsiveTable rows={data.history} rowKey={(l) => l.id} columns={columns} caption={t('loan.history')} empty={t('loan.no_history')} cardTestId="loan-row" />
          </Panel>
        </section>
      )}
      <Paragraph tone="secondary" style={{ margin: 0 }}>
        {t('loan.settlement_rule')}
      </Paragraph>
      {dialog?.kind === 'borrow' && (
        <AmountDialog
          title={t('loan.borrow_title', { product: nameOf(dialog.product, i18n.language) })}
          label={t('dialog.amount')}
          notice={t('loan.borrow_notice', { min: dialog.product.min_amount, max: dialog.product.max_amount })}
          terms={t('loan.agree', { rate: rateText(t, dialog.product.rate, dialog.product.rate_period), days: dialog.product.period_days })}
          okText={t('loan.borrow')}
          onSubmit={(amount, key) => borrow.mutateAsync({ product: dialog.product.id, amount, key }).then((l) => toast.success(t(l.status === 'active' ? 'done.borrowed' : 'done.borrow_pending')))}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'repay' && (
        <AmountDialog
          title={t('loan.repay')}
          label={t('dialog.amount')}
          max={dialog.loan.debt}
          notice={t('loan.repay_notice', { available: data.available_balance })}
          okText={t('loan.repay')}
          onSubmit={(amount, key) => repay.mutateAsync({ loan: dialog.loan.id, amount, key }).then(() => toast.success(t('done.repaid')))}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'cancel' && (
        <ConfirmDialog
          title={t('loan.cancel')}
          text={t('loan.cancel_text')}
          okText={t('loan.cancel')}
          onConfirm={() => cancel.mutateAsync(dialog.loan.id).then(() => toast.success(t('done.cancelled')))}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

export default function BorrowNowPage() {
  const { t } = useTranslation('staking');
  return (
    <AleoPage title={t('borrow_title')} path="/asset/aleo/borrow-now">
      {(timezone) => <Borrowing timezone={timezone} />}
    </AleoPage>
  );
}
