// Set or change the pay password (6 digits, asked before withdrawals): twice, with the second
// factor. Setting it starts the 24-hour withdrawal hold, which the dialog says beforehand.
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAY_PASSWORD, V } from '@hashpool/shared';
import { accountsApi, type UserMine, type Verification } from '../accounts.api';
import { formRules } from '../../../shell/forms/rules';
import { SecurityChangeDialog } from './SecurityChangeDialog';

interface Values {
  pay_password: string;
  confirm_pay_password: string;
  verification?: Verification;
}

export default function PayPasswordDialog({ mine, onClose }: { mine: UserMine; onClose: () => void }) {
  const { t } = useTranslation(['user', 'auth', 'validation']);
  const [form] = Form.useForm<Values>();
  const rules = formRules(t);
  const sixDigits = [
    {
      validator: async (_rule: unknown, value: unknown) => {
        if (typeof value !== 'string' || !PAY_PASSWORD.test(value)) throw new Error(t(`validation:${V.payPassword}`));
      },
    },
  ];
  return (
    <SecurityChangeDialog<Values>
      mine={mine}
      operation="pay_password"
      form={form}
      title={mine.has_pay_password ? t('security.pay_password.change_title') : t('security.pay_password.set_title')}
      onClose={onClose}
      change={(values, verification) => accountsApi.setPayPassword({ pay_password: values.pay_password, confirm_pay_password: values.confirm_pay_password, verification })}
      doneMessage={t('security.pay_password.done')}
    >
      <Alert type="info" showIcon title={t('security.hold_notice')} style={{ marginBottom: 16 }} />
      <Form.Item name="pay_password" label={t('security.pay_password.new_label')} rules={sixDigits}>
        <Input.Password inputMode="numeric" maxLength={6} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="confirm_pay_password"
        label={t('security.pay_password.confirm_label')}
        dependencies={['pay_password']}
        rules={rules.sameAs(() => form.getFieldValue('pay_password'), V.payPasswordMismatch)}
      >
        <Input.Password inputMode="numeric" maxLength={6} autoComplete="off" />
      </Form.Item>
    </SecurityChangeDialog>
  );
}
