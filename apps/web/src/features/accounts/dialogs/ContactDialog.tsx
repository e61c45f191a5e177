// Bind or change the email or the phone: a code to the new address proves it is the user's, and
// the second factor proves the user is the owner of the account.
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERRORS } from '@hashpool/shared';
import { accountsApi, type UserMine, type Verification } from '../accounts.api';
import { CodeField } from '../../../shell/verification/CodeField';
import { formRules } from '../../../shell/forms/rules';
import { ContactFields, targetOf, type Channel, type ContactValues } from '../components/ContactFields';
import { sendCodeToNewTarget } from '../lib/code-senders';
import { SecurityChangeDialog } from './SecurityChangeDialog';

interface Values extends ContactValues {
  new_code: string;
  verification?: Verification;
}

function change(channel: Channel, values: Values, verification: Verification): Promise<unknown> {
  const target = targetOf(channel, values);
  return target.channel === 'email'
    ? accountsApi.changeEmail({ email: target.email, new_code: values.new_code, verification })
    : accountsApi.changePhone({ phone_country: target.phone_country, phone: target.phone, new_code: values.new_code, verification });
}

export function ContactDialog({ channel, mine, onClose }: { channel: Channel; mine: UserMine; onClose: () => void }) {
  const { t } = useTranslation(['user', 'auth', 'validation']);
  const [form] = Form.useForm<Values>();
  const key = channel === 'email' ? 'email' : 'phone';
  return (
    <SecurityChangeDialog<Values>
      mine={mine}
      operation={channel === 'email' ? 'email_change' : 'phone_change'}
      form={form}
      title={mine[key] ? t(`security.${key}.change_title`) : t(`security.${key}.bind_title`)}
      onClose={onClose}
      byCode={{ [ERRORS.contact_taken.code]: key }}
      // After the second factor: the address taken meanwhile (a refused new code names its field).
      spentBy={[ERRORS.contact_taken.code]}
      change={(values, verification) => change(channel, values, verification)}
      doneMessage={t(`security.${key}.done`)}
    >
      <ContactFields channel={channel} emailLabel={t('security.email.new_label')} />
      <CodeField name="new_code" label={t(`security.${key}.new_code_label`)} rules={formRules(t).code} onSend={() => sendCodeToNewTarget(form, channel)} />
    </SecurityChangeDialog>
  );
}

export function EmailDialog(props: { mine: UserMine; onClose: () => void }) {
  return <ContactDialog channel="email" {...props} />;
}

export function PhoneDialog(props: { mine: UserMine; onClose: () => void }) {
  return <ContactDialog channel="sms" {...props} />;
}
