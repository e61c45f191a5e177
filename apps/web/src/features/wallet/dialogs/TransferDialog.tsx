// Internal transfer to another sub-account (docs/rules.md, Entities): the receiving sub-account's name,
// the amount, the pay password and the second factor, whose emailed or texted code is bound to
// this coin, receiver and amount (walletSubject.transfer). The call carries an idempotency key, so
// a retry after a lost answer cannot transfer twice.
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERRORS, walletSubject } from '@hashpool/shared';
import type { UserMine } from '../../../shell/session/user.api';
import type { Verification } from '../../../shell/verification/verification.api';
import { useToast } from '../../../ui/toast';
import { FormDialog } from '../../../shell/forms/FormDialog';
import { SecondFactorFields, verificationOf } from '../../../shell/verification/SecondFactorFields';
import { AmountField } from '../components/AmountField';
import { coinSymbol, displayAmount } from '../lib/balances';
import { movementFingerprint, useIdempotencyKey } from '../../../shell/api/idempotency';
import { walletRules } from '../lib/rules';
import { walletApi, type BalanceItem } from '../wallet.api';
import { useRefreshWallet } from '../wallet.queries';

interface Values {
  to_account: string;
  amount: string;
  pay_password: string;
  verification?: Verification;
}

export default function TransferDialog({ mine, balance, onClose }: { mine: UserMine; balance: BalanceItem; onClose: () => void }) {
  const { t } = useTranslation(['wallet', 'validation']);
  const [form] = Form.useForm<Values>();
  const toast = useToast();
  const refresh = useRefreshWallet();
  const idempotencyKey = useIdempotencyKey();
  const rules = walletRules(t);
  const coin = balance.coin;

  const subject = async () => {
    try {
      const values = await form.validateFields(['to_account', 'amount']);
      return walletSubject.transfer({ coin, to_account: values.to_account.trim(), amount: values.amount.trim() });
    } catch {
      return null;
    }
  };

  return (
    <FormDialog<Values>
      form={form}
      narrow
      title={t('transfer.title', { coin: coinSymbol(coin) })}
      okText={t('transfer.confirm')}
      onClose={onClose}
      errorFields={{
        byCode: {
          [ERRORS.transfer_account_invalid.code]: 'to_account',
          [ERRORS.transfer_to_self.code]: 'to_account',
          [ERRORS.insufficient_balance.code]: 'amount',
          [ERRORS.pay_password_incorrect.code]: 'pay_password',
          [ERRORS.pay_password_locked.code]: 'pay_password',
        },
      }}
      onSubmit={async (values) => {
        const body = { coin, to_account: values.to_account.trim(), amount: values.amount.trim(), pay_password: values.pay_password, verification: verificationOf(values) };
        try {
          const done = await walletApi.transfer(body, idempotencyKey(movementFingerprint(coin, body.to_account, body.amount)));
          toast.success(t('transfer.done', { amount: displayAmount(done.amount, coin), coin: coinSymbol(coin), account: done.to_account }));
        } finally {
          refresh();
        }
      }}
    >
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
