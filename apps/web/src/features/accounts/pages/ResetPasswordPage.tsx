// /resetpassword/email and /resetpassword/phone: a code to the account's address (after a
// captcha), the new password twice, and the authenticator's code when the account has one: the
// server answers totp_required and the field appears (a reset never skips the authenticator).
// The server spends the emailed code only once the authenticator's passed too; a code refused as
// used, expired or tried too often is emptied, saying a new one is needed.
import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ERRORS, V } from '@hashpool/shared';
import { accountsApi } from '../accounts.api';
import { ApiError } from '../../../shell/api/api-error';
import { SafeLink, useSafeNavigate } from '../../../shell/navigation/navigation';
import { useToast } from '../../../ui/toast';
import { AuthCard } from '../components/AuthCard';
import { CaptchaNotice } from '../components/CaptchaNotice';
import { CodeField } from '../../../shell/verification/CodeField';
import { ChannelSwitch, ContactFields, targetOf, type Channel, type ContactValues } from '../components/ContactFields';
import { sendCodeAfterCaptcha } from '../lib/code-senders';
import { formRules } from '../../../shell/forms/rules';
import { CODE_ERRORS, errorsTo, TOTP_ERRORS } from '../../../shell/forms/server-errors';
import { newCodeTexts, showSecondFactorError } from '../../../shell/forms/second-factor-errors';
import { useCaptcha } from '../lib/useCaptcha';

interface ResetValues extends ContactValues {
  code: string;
  totp_code?: string;
  new_password: string;
  confirm_password: string;
}

export default function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'validation']);
  const { pathname } = useLocation();
  const navigate = useSafeNavigate();
  const toast = useToast();
  const channel: Channel = pathname.endsWith('/phone') ? 'sms' : 'email';
  const [form] = Form.useForm<ResetValues>();
  const [busy, setBusy] = useState(false);
  const [needTotp, setNeedTotp] = useState(false);
  const captcha = useCaptcha();
  const rules = formRules(t);

  const submit = async (values: ResetValues) => {
    setBusy(true);
    try {
      await accountsApi.resetPassword({
        ...targetOf(channel, values),
        code: values.code,
        ...(needTotp && values.totp_code ? { totp_code: values.totp_code } : {}),
        new_password: values.new_password,
        confirm_password: values.confirm_password,
      });
      toast.success(t('reset.done'));
      navigate('/login', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === ERRORS.totp_required.code) {
        setNeedTotp(true);
        // The field appears with the server's words under it once it has rendered.
        setTimeout(() => form.setFields([{ name: 'totp_code', errors: [error.message] }]));
        return;
      }
      showSecondFactorError(form, error, newCodeTexts(t), { byCode: { ...errorsTo('code', CODE_ERRORS), ...errorsTo('totp_code', TOTP_ERRORS.filter((c) => c !== ERRORS.totp_required.code)) } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      footer={<SafeLink to="/login">{t('reset.back_to_login')}</SafeLink>}
    >
      <ChannelSwitch value={channel} onChange={(next) => navigate(`/resetpassword/${next === 'email' ? 'email' : 'phone'}`, { replace: true })} />
      <Form key={channel} form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        <ContactFields channel={channel} />
        <CodeField name="code" label={t('code.label')} rules={rules.code} // The same words whether or not the address has an account (no enumeration).
          onSend={() => sendCodeAfterCaptcha(form, channel, 'reset_password', captcha, () => toast.success(t('reset.code_sent')))} />
        <CaptchaNotice state={captcha.state} />
        <Form.Item name="new_password" label={t('password.new_label')} rules={rules.password} extra={t('password.hint')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label={t('password.confirm_label')}
          dependencies={['new_password']}
          rules={rules.sameAs(() => form.getFieldValue('new_password'), V.passwordMismatch)}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {needTotp && (
          <Form.Item name="totp_code" label={t('code.totp_label')} rules={rules.code} extra={t('reset.totp_hint')}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('reset.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
