// Bind or change the email: a code to the new address proves it is the user's, and the second
// factor proves the user is the owner of the account.
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERRORS } from '@hashpool/shared';
import { accountsApi, type UserMine, type Verification } from '../accounts.api';
import { CodeField } from '../../../shell/verification/CodeField';
import { FormDialog } from '../../../shell/forms/FormDialog';
import { SecondFactorFields, verificationOf } from '../../../shell/verification/SecondFactorFields';
import { formRules } from '../../../shell/forms/rules';
import { sendCodeToNewTarget } from '../lib/code-senders';
import { useSecurityDone } from './useSecurityDone';

interface Values {
  email: string;
  new_code: string;
  verification?: Verification;
}

export default function EmailDialog({ mine, onClose }: { mine: UserMine; onClose: () => void }) {
  const { t } = useTranslation(['user', 'auth', 'validation']);
  const [form] = Form.useForm<Values>();
  const rules = formRules(t);
  const done = useSecurityDone();

  return (
    <FormDialog<Values>
      form={form}
      title={mine.email ? t('security.email.change_title') : t('security.email.bind_title')}
      onClose={onClose}
      errorFields={{ byCode: { [ERRORS.contact_taken.code]: 'email' } }}
      onSubmit={async (values) => {
        await accountsApi.changeEmail({ email: values.email.trim(), new_code: values.new_code, verification: verificationOf(values) });
        await done(t('security.email.done'));
      }}
    >
      <Form.Item name="email" label={t('security.email.new_label')} rules={rules.email}>
        <Input inputMode="email" autoComplete="email" />
      </Form.Item>
      <CodeField name="new_code" label={t('security.email.new_code_label')} rules={rules.code} onSend={() => sendCodeToNewTarget(form, 'email')} />
      <SecondFactorFields mine={mine} operation="email_change" />
    </FormDialog>
  );
}
