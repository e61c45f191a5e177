// The checks of a call that moves the user's money to someone else (docs/security.md "Calls that
// move a user's balance"): the pay password, then the second factor whose code is bound to what
// the call moves (walletSubject of packages/shared). The same fields as the transfer dialog's, for
// the forms outside the wallet (a red packet funded from the balance, a contract paid from it).
// Goes inside a form; its values land under `pay_password` and `verification`.
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAY_PASSWORD, V } from '@hashpool/shared';
import type { UserMine } from '../session/user.api';
import { SecondFactorFields } from './SecondFactorFields';

export function PayStepFields({ mine, subject }: { mine: UserMine; subject: () => Promise<string | null> }) {
  const { t } = useTranslation(['auth', 'validation']);
  // Without a pay password nothing can be confirmed (the shared demo account cannot set one): say so
  // instead of offering fields that cannot succeed.
  if (!mine.has_pay_password) return <Alert type="warning" showIcon message={t('pay_step.no_pay_password')} style={{ marginBottom: 16 }} data-testid="pay-step-no-pin" />;
  return (
    <>
      <Alert type="info" showIcon message={t('pay_step.hint')} style={{ marginBottom: 16 }} />
      <Form.Item
        name="pay_password"
        label={t('pay_step.pay_password')}
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              if (typeof value !== 'string' || !PAY_PASSWORD.test(value)) throw new Error(t(`validation:${V.payPassword}`));
            },
          },
        ]}
      >
        <Input.Password inputMode="numeric" maxLength={6} autoComplete="off" />
      </Form.Item>
      <SecondFactorFields mine={mine} operation="transfer" subject={subject} />
    </>
  );
}
