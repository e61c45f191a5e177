// Bind or change the phone: a code to the new number, and the second factor.
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERRORS } from '@hashpool/shared';
import { accountsApi, type UserMine, type Verification } from '../accounts.api';
import { CodeField } from '../../../shell/verification/CodeField';
import { ContactFields } from '../components/ContactFields';
import { FormDialog } from '../../../shell/forms/FormDialog';
import { SecondFactorFields, verificationOf } from '../../../shell/verification/SecondFactorFields';
import { formRules } from '../../../shell/forms/rules';
import { sendCodeToNewTarget } from '../lib/code-senders';
import { useSecurityDone } from './useSecurityDone';

interface Values {
  phone_country: string;
  phone: string;
  new_code: string;
  verification?: Verification;
}

export default function PhoneDialog({ mine, onClose }: { mine: UserMine; onClose: () => void }) {
  const { t } = useTranslation(['user', 'auth', 'validation']);
  const [form] = Form.useForm<Values>();
  const rules = formRules(t);
  const done = useSecurityDone();

  return (
    <FormDialog<Values>
      form={form}
      title={mine.phone ? t('security.phone.change_title') : t('security.phone.bind_title')}
      onClose={onClose}
      errorFields={{ byCode: { [ERRORS.contact_taken.code]: 'phone' } }}
      onSubmit={async (values) => {
        await accountsApi.changePhone({ phone_country: values.phone_country.trim(), phone: values.phone.trim(), new_code: values.new_code, verification: verificationOf(values) });
        await done(t('security.phone.done'));
      }}
    >
      <ContactFields channel="sms" />
      <CodeField name="new_code" label={t('security.phone.new_code_label')} rules={rules.code} onSend={() => sendCodeToNewTarget(form, 'sms')} />
      <SecondFactorFields mine={mine} operation="phone_change" />
    </FormDialog>
  );
}
