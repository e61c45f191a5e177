// Internal transfer to another sub-account (docs/rules.md, Entities): the receiving sub-account's name,
// the amount, the pay password and the second factor, whose emailed or texted code is bound to
// this coin, receiver and amount (walletSubject.transfer). The call carries an idempotency key, so
// a retry after a lost answer cannot transfer twice; after a lost answer (a time-out, no
// connection, a 5xx) the key is kept for this sub-account, coin, receiver and amount, so the same
// transfer sent from a dialog opened again is a retry too (shell/api/idempotency.ts), and the user
// is told it may have gone through. While the withdrawal hold lasts (it holds transfers too) the
// dialog only says until when, as the withdraw dialog does: no code is asked for in vain.
import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERRORS, formatDateTime, walletSubject } from '@hashpool/shared';
import type { UserMine } from '../../../shell/session/user.api';
import type { Verification } from '../../../shell/verification/verification.api';
import { useToast } from '../../../ui/toast';
import { AppModal } from '../../../ui/AppModal';
import { FormDialog } from '../../../shell/forms/FormDialog';
import { CODE_ERRORS, errorsTo, showFormError, TOTP_ERRORS } from '../../../shell/forms/server-errors';
import { SecondFactorFields, verificationOf } from '../../../shell/verification/SecondFactorFields';
import { AmountField } from '../components/AmountField';
import { normalisedAmount } from '../lib/amounts';
import { coinSymbol, displayAmount } from '../lib/balances';
import { activeHold } from '../lib/hold';
import { isUnclearOutcome, movementFingerprint, useIdempotencyKey } from '../../../shell/api/idempotency';
import { walletRules } from '../lib/rules';
import { walletApi, type BalanceItem } from '../wallet.api';
import { useRefreshWallet } from '../wallet.queries';

interface Values {
  to_account: string;
  amount: string;
  pay_password: string;
  verification?: Verification;
}

/** Refusals of the transfer that concern one input. */
const SUBMIT_ERRORS = {
  [ERRORS.transfer_account_invalid.code]: 'to_account',
  [ERRORS.transfer_to_self.code]: 'to_account',
  [ERRORS.insufficient_balance.code]: 'amount',
  ...errorsTo('pay_password', [ERRORS.pay_password_incorrect.code, ERRORS.pay_password_locked.code]),
  ...errorsTo(['verification', 'totp_code'], TOTP_ERRORS),
};

export default function TransferDialog({ mine, balance, onClose }: { mine: UserMine; balance: BalanceItem; onClose: () => void }) {
  const { t } = useTranslation(['wallet', 'validation']);
  const [form] = Form.useForm<Values>();
  const toast = useToast();
  const refresh = useRefreshWallet();
  const idempotencyKey = useIdempotencyKey(mine.current_account ? `transfer:${mine.current_account.id}` : undefined);
  /** The last try got no clear answer: the transfer may have gone through. */
  const [unclear, setUnclear] = useState(false);
  const rules = walletRules(t);
  const coin = balance.coin;
  const title = t('transfer.title', { coin: coinSymbol(coin) });
  const hold = activeHold(mine.withdraw_hold_until);

  if (hold)
    return (
      <AppModal
        open
        narrow
        title={title}
        onCancel={onClose}
        footer={[
          <Button key="close" type="primary" onClick={onClose}>
            {t('dialog.done')}
          </Button>,
        ]}
      >
        <Alert type="error" showIcon title={t('transfer.hold', { time: formatDateTime(hold, mine.timezone, 'YYYY-MM-DD HH:mm') })} style={{ marginTop: 16 }} />
      </AppModal>
    );

  const subject = async () => {
    try {
      const values = await form.validateFields(['to_account', 'amount']);
      return walletSubject.transfer({ coin, to_account: values.to_account.trim(), amount: normalisedAmount(values.amount) });
    } catch {
      return null;
    }
  };

  const codeField = ['verification', mine.email ? 'email_code' : 'sms_code'];

  return (
    <FormDialog<Values>
      form={form}
      narrow
      title={title}
      okText={t('transfer.confirm')}
      onClose={onClose}
      onError={(error) => {
        // No clear answer: the wallet is refreshed (onSubmit) and the list shows whether it went through.
        if (isUnclearOutcome(error)) {
          setUnclear(true);
          return;
        }
        setUnclear(false);
        showFormError(form, error, { byCode: { ...SUBMIT_ERRORS, ...errorsTo(codeField, CODE_ERRORS) } });
      }}
      onSubmit={async (values) => {
        const body = { coin, to_account: values.to_account.trim(), amount: normalisedAmount(values.amount), pay_password: values.pay_password, verification: verificationOf(values) };
        try {
          const done = await idempotencyKey.send(movementFingerprint(coin, body.to_account, body.amount), (key) => walletApi.transfer(body, key));
          const words = { amount: displayAmount(done.amount, coin), coin: coinSymbol(coin), account: done.to_account };
          // Answered by an earlier submission of the same key (a lost answer, sent again): nothing new moved.
          toast.success(done.replayed ? t('transfer.replayed', words) : t('transfer.done', words));
        } finally {
          refresh();
        }
      }}
    >
      {unclear && <Alert type="warning" showIcon title={t('transfer.unclear')} style={{ marginBottom: 16 }} data-testid="transfer-unclear" />}
      <Form.Item name="to_account" label={t('transfer.to_label')} rules={rules.toAccount} extra={t('transfer.to_hint')}>
        <Input maxLength={30} autoComplete="off" spellCheck={false} />
      </Form.Item>
      <AmountField form={form} limits={{ coin, available: balance.available, minimum: '0' }} />
      <Form.Item name="pay_password" label={t('pay_password.label')} rules={rules.payPassword}>
        <Input.Password inputMode="numeric" maxLength={6} autoComplete="off" />
      </Form.Item>
      <SecondFactorFields mine={mine} operation="transfer" subject={subject} />
    </FormDialog>
  );
}
