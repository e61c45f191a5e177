// /contract/order/:orderId (contract.view): one order. While unpaid, the way chosen when ordering:
// a USDT address of the order's own on its network; or the pool's bank details and the reference
// with the payment certificate to upload or change (an image or PDF, at most 10 MB; bank transfer
// only); or the wallet balance's quote and its pay dialog (opened at once after ordering, ?pay=balance).
// Also cancelling and the time left before the automatic cancel. Then its effect and end dates, the
// profit so far, and every transition of its history.
import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Flex, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { CONTRACT_CERTIFICATE_MAX_BYTES, ERRORS, formatDateTime, walletSubject } from '@hashpool/shared';
import { ApiError } from '../../../shell/api/api-error';
import { apiDownload } from '../../../shell/api/client';
import { presentFailure } from '../../../shell/api/error-presenter';
import { openFileInNewTab } from '../../../ui/save-file';
import { randomUuid } from '../../../shell/api/idempotency';
import { SafeLink } from '../../../shell/navigation/navigation';
import { useMine } from '../../../shell/session/user.queries';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { FormDialog } from '../../../shell/forms/FormDialog';
import { PayStepFields } from '../../../shell/verification/PayStepFields';
import { verificationOf } from '../../../shell/verification/SecondFactorFields';
import type { Verification } from '../../../shell/verification/verification.api';
import { CopyValue } from '../../../ui/CopyValue';
import { compareDecimals } from '../../../ui/decimal';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { StatusResult } from '../../../ui/StatusResult';
import { Paragraph, Text } from '../../../ui/Text';
import { useToast } from '../../../ui/toast';
import type { OrderDetail } from '../contracts.api';
import { useContractMutations, useOrder } from '../contracts.queries';
import { coinSymbol, ContractFrame, contractPaths, Field, hashrateText, OrderStatusTag } from '../components/ContractParts';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,application/pdf';

interface PayValues {
  pay_password?: string;
  verification?: Verification;
}

function Payment({ o }: { o: OrderDetail }) {
  const { t } = useTranslation('contracts');
  const mine = useMine().data;
  const toast = useToast();
  const { upload, payBalance } = useContractMutations();
  const input = useRef<HTMLInputElement>(null);
  // crypto.randomUUID is missing on plain-http origins (a pool on a LAN): the shell's generator works everywhere.
  const payKey = useMemo(() => randomUuid(), []);
  const [params, setParams] = useSearchParams();
  const [confirmPay, setConfirmPay] = useState(params.get('pay') === 'balance');
  const closePay = () => {
    setConfirmPay(false);
    if (params.has('pay')) setParams({}, { replace: true });
  };
  // Compared as decimals: amounts carry up to 18 places, beyond what a JS number holds.
  const short = o.balance_pay !== null && compareDecimals(o.balance_pay.available, o.balance_pay.amount) < 0;
  /** The amount the dialog shows: the server charges only this one. */
  const quoted = o.balance_pay?.amount ?? '';
  const order = useOrder(o.id);
  const pick = (file: File | undefined) => {
    if (!file) return;
    if (file.size > CONTRACT_CERTIFICATE_MAX_BYTES) {
      toast.error(t('payment.too_large'));
      return;
    }
    upload.mutate([o.id, file], { onSuccess: () => toast.success(t('payment.uploaded')) });
  };
  return (
    <Panel title={t('payment.title')}>
      <Flex vertical gap={12}>
        {o.pay_method === 'bank' &&
          (o.bank ? (
            <dl style={{ margin: 0 }}>
              <Field label={t('bank.bank_name')}>{o.bank.bank_name}</Field>
              <Field label={t('bank.account_name')}>{o.bank.account_name}</Field>
              <Field label={t('bank.account_number')}><CopyValue value={o.bank.account_number} label={t('bank.account_number')} /></Field>
              <Field label={t('bank.swift')}>{o.bank.swift}</Field>
              <Field label={t('payment.reference')}><CopyValue value={o.pay_reference} label={t('payment.reference')} /></Field>
              <Field label={t('payment.amount')}><Text strong data-testid="pay-amount">{`${o.pay_amount} ${o.pay_currency}`}</Text></Field>
              {o.bank.note && <Field label={t('bank.note')}>{o.bank.note}</Field>}
            </dl>
          ) : (
            <Alert type="warning" showIcon message={t('payment.bank_missing')} />
          ))}
        {(o.pay_method === 'usdt_trc20' || o.pay_method === 'usdt_erc20') && (
          <dl style={{ margin: 0 }}>
            <Field label={t('payment.network')}>{t(`pay_method.${o.pay_method}`)}</Field>
            <Field label={t('payment.amount')}><Text strong data-testid="pay-amount">{`${o.pay_amount} ${o.pay_currency}`}</Text></Field>
            <Field label={t('payment.address')}>{o.pay_address && <CopyValue value={o.pay_address} label={t('payment.address')} />}</Field>
          </dl>
        )}
        {o.pay_method === 'balance' &&
          (o.balance_pay ? (
            <dl style={{ margin: 0 }}>
              <Field label={t('payment.amount')}><Text strong data-testid="pay-amount">{`${o.balance_pay.amount} ${coinSymbol(o.balance_pay.coin)}`}</Text></Field>
              <Field label={t('payment.worth')}>{`${o.pay_amount} ${o.pay_currency}`}</Field>
              <Field label={t('payment.price')}>{`${o.balance_pay.price_usd} USD`}</Field>
              <Field label={t('payment.available')}>{`${o.balance_pay.available} ${coinSymbol(o.balance_pay.coin)}`}</Field>
            </dl>
          ) : (
            <Alert type="warning" showIcon message={t('payment.balance_unavailable')} />
          ))}
        {o.pay_method === 'bank' && (
          <>
            <Text tone="secondary">{t('payment.bank_hint')}</Text>
            <Flex gap={8} wrap>
              <input ref={input} type="file" accept={ACCEPT} hidden data-testid="certificate-input" onChange={(e) => pick(e.target.files?.[0])} />
              <Button onClick={() => input.current?.click()} loading={upload.isPending}>
                {o.has_certificate ? t('payment.change_certificate') : t('payment.upload_certificate')}
              </Button>
              {o.has_certificate && (
                <Button
                  onClick={() => void openFileInNewTab(async () => (await apiDownload(`/contracts/orders/${encodeURIComponent(o.id)}/certificate`)).blob).catch(presentFailure)}
                >
                  {t('payment.view_certificate')}
                </Button>
              )}
            </Flex>
            <Text tone="secondary">{t('payment.certificate_hint')}</Text>
          </>
        )}
        {(o.pay_method === 'usdt_trc20' || o.pay_method === 'usdt_erc20') && <Text tone="secondary">{t('payment.usdt_hint')}</Text>}
        {o.balance_pay && (
          <Flex vertical gap={8}>
            {short && <Alert type="warning" showIcon message={t('payment.balance_short')} data-testid="balance-short" />}
            <Text tone="secondary">{t('payment.balance_hint')}</Text>
            <Button type="primary" style={{ alignSelf: 'flex-start' }} onClick={() => setConfirmPay(true)} disabled={short} data-testid="pay-balance">
              {t('payment.pay_balance')}
            </Button>
          </Flex>
        )}
      </Flex>
      {confirmPay && o.balance_pay && !short && (
        <FormDialog<PayValues>
          narrow
          title={t('payment.pay_balance')}
          okText={t('payment.pay_balance')}
          onClose={closePay}
          errorFields={{ byCode: { [ERRORS.pay_password_incorrect.code]: 'pay_password', [ERRORS.pay_password_locked.code]: 'pay_password' } }}
          onSubmit={(values) =>
            payBalance.mutateAsync([o.id, payKey, { pay_password: values.pay_password ?? '', verification: verificationOf(values), amount: quoted }]).catch((error: unknown) => {
              // The price moved since this quote (a new day's price): nothing was charged, and the
              // dialog shows the new amount to confirm (the error names it too).
              if (error instanceof ApiError && error.code === ERRORS.contract_quote_changed.code) void order.refetch();
              throw error;
            })
          }
        >
          <Paragraph>{t('payment.pay_balance_confirm', { amount: o.balance_pay.amount, coin: coinSymbol(o.balance_pay.coin) })}</Paragraph>
          {mine && <PayStepFields mine={mine} subject={async () => walletSubject.contractOrder(o)} />}
        </FormDialog>
      )}
    </Panel>
  );
}

export default function OrderDetailPage() {
  const { t } = useTranslation('contracts');
  const { orderId = '' } = useParams();
  const timezone = useMine().data?.timezone ?? 'UTC+00:00';
  const order = useOrder(orderId);
  const { cancel } = useContractMutations();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const back = (
    <SafeLink to={contractPaths.orders}>
      <Button>{t('back_to_orders')}</Button>
    </SafeLink>
  );
  if (order.isError) return <ContractFrame title={t('order.title')}><StatusResult status="not-found" title={t('order.not_found')} extra={back} /></ContractFrame>;
  if (!order.data) return <PageSpinner />;
  const o = order.data;
  const open = o.status === 'unpaid' || o.status === 'checking';
  const time = (iso: string) => formatDateTime(iso, timezone, 'YYYY-MM-DD HH:mm');
  return (
    <ContractFrame title={o.product_name}>
      <Flex gap={8} wrap>
        {back}
        {(o.status === 'effect' || o.status === 'finish') && (
          <SafeLink to={contractPaths.profit(o.id)}>
            <Button type="primary">{t('order.profit_link')}</Button>
          </SafeLink>
        )}
        {open && (
          <Button danger onClick={() => setConfirmCancel(true)} data-testid="cancel-order">
            {t('order.cancel')}
          </Button>
        )}
      </Flex>
      {o.status === 'unpaid' && o.expires_at && <Alert type="warning" showIcon message={t('order.expires', { time: time(o.expires_at) })} />}
      {/* A bank order is checked by its certificate; a USDT one because too little (or nothing confirmed) had arrived at 2 hours. */}
      {o.status === 'checking' && <Alert type="info" showIcon message={t(o.pay_method === 'bank' ? 'order.checking' : 'order.checking_chain')} />}
      {o.status === 'rejected' && <Alert type="error" showIcon message={t('order.rejected', { reason: o.reject_reason ?? '' })} />}
      <Panel title={t('order.title')}>
        <dl style={{ margin: 0 }}>
          <Field label={t('fields.order_id')}>{o.id}</Field>
          <Field label={t('fields.status')}><OrderStatusTag status={o.status} /></Field>
          <Field label={t('fields.coin')}>{coinSymbol(o.coin)}</Field>
          <Field label={t('fields.units')}>{o.units}</Field>
          <Field label={t('fields.hashrate')}>{hashrateText(o.total_hashrate, o.hashrate_unit)}</Field>
          <Field label={t('fields.duration')}>{t('days', { count: o.duration_days })}</Field>
          <Field label={t('fields.power')}>{`${o.power_watts} W × ${o.units}`}</Field>
          <Field label={t('fields.electricity_rate')}>{`${o.electricity_rate} USD/kWh`}</Field>
          <Field label={t('fields.management_fee')}>{`${o.management_fee} %`}</Field>
          <Field label={t('payment.amount')}>{`${o.pay_amount} ${o.pay_currency}`}</Field>
          <Field label={t('fields.pay_method')}>{t(`pay_method.${o.pay_method}`)}</Field>
          <Field label={t('fields.created_at')}>{time(o.created_at)}</Field>
          {o.effect_date && <Field label={t('fields.effect_date')}>{o.effect_date}</Field>}
          {o.end_date && <Field label={t('fields.end_date')}>{o.end_date}</Field>}
          <Field label={t('fields.total_profit')}>{`${o.total_profit} ${coinSymbol(o.coin)}`}</Field>
        </dl>
      </Panel>
      {open && <Payment o={o} />}
      <Panel title={t('order.history')}>
        <Timeline items={o.history.map((h) => ({ children: <Flex vertical><Text>{`${time(h.at)} · ${t(`status.${h.to}`)} · ${t(`actor.${h.actor}`)}`}</Text>{h.reason && <Text tone="secondary">{h.actor === 'system' ? t(`system_reason.${h.reason}`, { defaultValue: h.reason }) : h.reason}</Text>}</Flex> }))} />
      </Panel>
      {confirmCancel && (
        <ConfirmDialog title={t('order.cancel')} text={t('order.cancel_confirm')} okText={t('order.cancel')} onConfirm={() => cancel.mutateAsync([o.id])} onClose={() => setConfirmCancel(false)} />
      )}
    </ContractFrame>
  );
}
