// Withdraw a coin in two steps. First the address (or a new one, added on top) and the amount;
// the server's quote then shows the fee, what arrives, the parts a large amount is split into,
// whether an operator reviews it, and the hold after a recent security change. Second, the pay
// password and the second factor (its emailed or texted code bound to this coin, address and
// amount: walletSubject.withdraw). The request carries an idempotency key made when the dialog
// opened, so a retry after a lost answer cannot withdraw twice; after a lost answer (a time-out, no
// connection, a 5xx) the key is kept for this sub-account, coin, address and amount, so the same
// withdrawal sent from a dialog opened again is a retry too (shell/api/idempotency.ts), and the
// user is told it may have gone through.
import { useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Form, Input, Select, theme } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ERRORS, formatDateTime, shortAddress, V, walletSubject } from '@hashpool/shared';
import type { UserMine } from '../../../shell/session/user.api';
import type { Verification } from '../../../shell/verification/verification.api';
import { useToast } from '../../../ui/toast';
import { AppModal } from '../../../ui/AppModal';
import { AmountText } from '../../../ui/AmountText';
import { LoadFailed } from '../../../ui/LoadFailed';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Text } from '../../../ui/Text';
import { SecondFactorFields, verificationOf } from '../../../shell/verification/SecondFactorFields';
import { CODE_ERRORS, errorsTo, showFormError, TOTP_ERRORS } from '../../../shell/forms/server-errors';
import { AmountField } from '../components/AmountField';
import { coinSymbol, displayAmount } from '../lib/balances';
import { isPositive } from '../../../ui/decimal';
import { activeHold } from '../lib/hold';
import { isUnclearOutcome, movementFingerprint, useIdempotencyKey } from '../../../shell/api/idempotency';
import { normalisedAmount } from '../lib/amounts';
import { walletRules } from '../lib/rules';
import { walletApi, type BalanceItem, type WithdrawAddress, type WithdrawQuote } from '../wallet.api';
import { useAddresses, useRefreshWallet } from '../wallet.queries';
import AddressDialog from './AddressDialog';

interface Values {
  address_id: string;
  amount: string;
  pay_password: string;
  verification?: Verification;
}

/** What the first step settled: the address, the amount and the server's quote for them. */
interface Planned {
  address: WithdrawAddress;
  amount: string;
  quote: WithdrawQuote;
}

/** Refusals of the quote that concern the amount. */
const QUOTE_ERRORS = errorsTo('amount', [ERRORS.withdraw_below_minimum.code, ERRORS.insufficient_balance.code, ERRORS.withdraw_too_many_parts.code]);

/** Refusals of the withdrawal that concern one input of the second step. */
const SUBMIT_ERRORS = {
  ...errorsTo('pay_password', [ERRORS.pay_password_incorrect.code, ERRORS.pay_password_locked.code]),
  ...errorsTo(['verification', 'totp_code'], TOTP_ERRORS),
};

function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex justify="space-between" gap={16} style={{ padding: '8px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      <Text tone="secondary">{label}</Text>
      <span style={{ textAlign: 'end', minWidth: 0, wordBreak: 'break-all' }}>{children}</span>
    </Flex>
  );
}

function Summary({ planned, coin, timezone }: { planned: Planned; coin: string; timezone: string }) {
  const { t } = useTranslation('wallet');
  const { quote, address } = planned;
  const hold = activeHold(quote.hold_until);
  return (
    <Flex vertical gap={12} style={{ marginBottom: 16 }} data-testid="withdraw-summary">
      <div>
        <SummaryRow label={t('withdraw.summary.address')}>
          <Text strong>{address.alias}</Text>
          <br />
          <code style={{ fontSize: 13 }}>{address.address}</code>
        </SummaryRow>
        <SummaryRow label={t('withdraw.summary.amount')}>
          <AmountText value={quote.amount} coin={coin} />
        </SummaryRow>
        <SummaryRow label={t('withdraw.summary.fee')}>
          <AmountText value={quote.fee} coin={coin} />
        </SummaryRow>
        <SummaryRow label={t('withdraw.summary.receive')}>
          <AmountText value={quote.receive} coin={coin} strong />
        </SummaryRow>
      </div>
      {quote.parts.length > 1 && (
        <Alert
          type="info"
          showIcon
          title={t('withdraw.split', { count: quote.parts.length })}
          description={
            <ol style={{ margin: 0, paddingInlineStart: 20 }}>
              {quote.parts.map((part, index) => (
                <li key={index}>{t('withdraw.part_line', { amount: `${displayAmount(part.amount, coin)} ${coinSymbol(coin)}`, fee: `${displayAmount(part.fee, coin)} ${coinSymbol(coin)}` })}</li>
              ))}
            </ol>
          }
        />
      )}
      {quote.needs_review && <Alert type="warning" showIcon title={t('withdraw.review')} />}
      {hold && <Alert type="error" showIcon title={t('withdraw.hold', { time: formatDateTime(hold, timezone, 'YYYY-MM-DD HH:mm') })} />}
    </Flex>
  );
}

/** The second step's proofs: the pay password and the second factor (its code bound to `subject`). */
function Credentials({ mine, subject }: { mine: UserMine; subject: string }) {
  const { t } = useTranslation(['wallet', 'validation']);
  const rules = walletRules(t);
  return (
    <>
      <Form.Item name="pay_password" label={t('pay_password.label')} rules={rules.payPassword}>
        <Input.Password inputMode="numeric" maxLength={6} autoComplete="off" autoFocus />
      </Form.Item>
      <SecondFactorFields mine={mine} operation="withdraw" subject={async () => subject} />
    </>
  );
}

export default function WithdrawDialog({ mine, balance, onClose }: { mine: UserMine; balance: BalanceItem; onClose: () => void }) {
  const { t } = useTranslation(['wallet', 'validation']);
  const [form] = Form.useForm<Values>();
  const toast = useToast();
  const refresh = useRefreshWallet();
  const idempotencyKey = useIdempotencyKey(mine.current_account ? `withdraw:${mine.current_account.id}` : undefined);
  const coin = balance.coin;
  const symbol = coinSymbol(coin);
  const addresses = useAddresses(coin);
  const [planned, setPlanned] = useState<Planned | null>(null);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  /** The last try got no clear answer: the withdrawal may have gone through. */
  const [unclear, setUnclear] = useState(false);
  const list = addresses.data ?? [];

  const plan = async () => {
    let values: Pick<Values, 'address_id' | 'amount'>;
    try {
      values = await form.validateFields(['address_id', 'amount']);
    } catch {
      return; // The inputs say what is wrong.
    }
    const address = list.find((a) => a.id === values.address_id);
    if (!address) return;
    setBusy(true);
    try {
      const amount = normalisedAmount(values.amount);
      setPlanned({ address, amount, quote: await walletApi.quote(coin, amount) });
    } catch (error) {
      showFormError(form, error, { byCode: QUOTE_ERRORS });
    } finally {
      setBusy(false);
    }
  };

  const submit = async (plan: Planned) => {
    if (activeHold(plan.quote.hold_until)) return; // Enter in the dialog while the hold lasts.
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const codeField = ['verification', mine.email ? 'email_code' : 'sms_code'];
    setBusy(true);
    try {
      const body = { coin, address_id: plan.address.id, amount: plan.amount, pay_password: values.pay_password, verification: verificationOf(values) };
      const result = await idempotencyKey.send(movementFingerprint(coin, plan.address.id, plan.amount), (key) => walletApi.withdraw(body, key));
      const reviewing = result.parts.some((part) => part.status === 'reviewing');
      // Answered by an earlier submission of the same key (a lost answer, sent again): nothing new moved.
      toast.success(result.replayed ? t('withdraw.replayed') : reviewing ? t('withdraw.submitted_review') : t('withdraw.submitted'));
      refresh();
      onClose();
    } catch (error) {
      // No clear answer: the balance may have changed, and the list shows whether it went through.
      if (isUnclearOutcome(error)) {
        setUnclear(true);
        refresh();
        return;
      }
      setUnclear(false);
      showFormError(form, error, { byCode: { ...SUBMIT_ERRORS, ...errorsTo(codeField, CODE_ERRORS) } });
    } finally {
      setBusy(false);
    }
  };

  const held = planned ? activeHold(planned.quote.hold_until) !== null : false;
  const footer = planned
    ? [
        <Button key="back" onClick={() => setPlanned(null)} disabled={busy}>
          {t('withdraw.back')}
        </Button>,
        <Button key="confirm" type="primary" loading={busy} disabled={held} onClick={() => void submit(planned)}>
          {t('withdraw.confirm')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          {t('dialog.cancel')}
        </Button>,
        <Button key="next" type="primary" loading={busy} disabled={list.length === 0} onClick={() => void plan()}>
          {t('withdraw.next')}
        </Button>,
      ];

  const minimum = displayAmount(balance.min_withdraw, coin);
  const limits = [
    t('withdraw.limits', { minimum: `${minimum} ${symbol}`, fee: `${displayAmount(balance.withdraw_fee, coin)} ${symbol}` }),
    ...(isPositive(balance.max_single_withdraw) ? [t('withdraw.split_hint', { maximum: `${displayAmount(balance.max_single_withdraw, coin)} ${symbol}` })] : []),
  ].join(' ');

  return (
    <AppModal open title={t('withdraw.title', { coin: symbol })} onCancel={onClose} footer={footer} mask={{ closable: false }}>
      {unclear && <Alert type="warning" showIcon title={t('withdraw.unclear')} style={{ marginTop: 16 }} data-testid="withdraw-unclear" />}
      {!addresses.data ? (
        addresses.isError ? (
          <LoadFailed query={addresses} />
        ) : (
          <PageSpinner />
        )
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ address_id: list.length === 1 ? list[0]!.id : undefined }}
          onFinish={() => void (planned ? submit(planned) : plan())}
          style={{ marginTop: 16 }}
        >
          {planned ? (
            <>
              <Summary planned={planned} coin={coin} timezone={mine.timezone} />
              {/* While the hold lasts nothing can be confirmed: no code is asked for in vain. */}
              {!held && <Credentials mine={mine} subject={walletSubject.withdraw({ coin, address_id: planned.address.id, amount: planned.amount })} />}
            </>
          ) : (
            <>
              {list.length === 0 && <Alert type="info" showIcon title={t('withdraw.no_address', { coin: symbol })} style={{ marginBottom: 16 }} />}
              <Form.Item label={t('withdraw.address_label')} required htmlFor="address_id" style={{ marginBottom: 8 }}>
                <Form.Item name="address_id" noStyle rules={[{ required: true, message: t(`validation:${V.addressRequired}`) }]}>
                  <Select
                    id="address_id"
                    placeholder={t('withdraw.address_placeholder')}
                    disabled={list.length === 0}
                    options={list.map((a) => ({ value: a.id, label: `${a.alias} · ${shortAddress(a.address)}` }))}
                  />
                </Form.Item>
              </Form.Item>
              <Button type="link" icon={<PlusOutlined />} onClick={() => setAdding(true)} style={{ padding: 0, marginBottom: 16 }}>
                {t('withdraw.add_address')}
              </Button>
              <AmountField form={form} limits={{ coin, available: balance.available, minimum: balance.min_withdraw }} extra={limits} />
            </>
          )}
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Form>
      )}
      {adding && (
        <AddressDialog
          mine={mine}
          coin={coin}
          onClose={() => setAdding(false)}
          // The list refreshes after the addition (useAddressMutations); the new address is chosen at once.
          onAdded={(address) => form.setFieldValue('address_id', address.id)}
        />
      )}
    </AppModal>
  );
}
