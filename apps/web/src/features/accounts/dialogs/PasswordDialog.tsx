// Change the login password: the current one (docs/security.md item 3), the new one twice, and
// the second factor. The server ends the user's other sessions; this one stays.
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERRORS, V } from '@hashpool/shared';
import { accountsApi, type UserMine, type Verification } from '../accounts.api';
import { formRules } from '../../../shell/forms/rules';
import { SecurityChangeDialog } from './SecurityChangeDialog';

interface Values {
  old_password: string;
  new_password: string;
  confirm_password: string;
  verification?: Verification;
}

export default function PasswordDialog({ mine, onClose }: { mine: UserMine; onClose: () => void }) {
  const { t } = useTranslation(['user', 'auth', 'validation']);
  const [form] = Form.useForm<Values>();
  const rules = formRules(t);
  return (
    <SecurityChangeDialog<Values>
      mine={mine}
      operation="password_change"
      form={form}
      title={t('security.password.title')}
      onClose={onClose}
      byCode={{ [ERRORS.password_incorrect.code]: 'old_password' }}
      // The server checks the current password after the second factor, which it has spent then.
      spentBy={[ERRORS.password_incorrect.code]}
      change={(values, verification) => accountsApi.changePassword({ old_password: values.old_password, new_password: values.new_password, confirm_password: values.confirm_password, verification })}
      doneMessage={t('security.password.done')}
    >
      <Form.Item name="old_password" label={t('security.password.current_label')} rules={rules.required}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="new_password" label={t('auth:password.new_label')} rules={rules.password} extra={t('auth:password.hint')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirm_password" label={t('auth:password.confirm_label')} dependencies={['new_password']} rules={rules.sameAs(() => form.getFieldValue('new_password'), V.passwordMismatch)}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </SecurityChangeDialog>
  );
}
