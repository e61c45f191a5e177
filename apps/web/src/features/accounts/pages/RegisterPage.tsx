// /register/email and /register/phone: the address, a code sent to it after a captcha, the
// password twice, the Terms, and an optional invitation code (?invite= fills it in). The answer
// is a login: the new user arrives logged in.
import { useState } from 'react';
import { Button, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { V } from '@hashpool/shared';
import { accountsApi } from '../accounts.api';
import { SafeLink, useSafeNavigate } from '../../../shell/navigation/navigation';
import { useToast } from '../../../ui/toast';
import { currentLanguage } from '../../../i18n';
import { AuthCard } from '../components/AuthCard';
import { CaptchaNotice } from '../components/CaptchaNotice';
import { CodeField } from '../../../shell/verification/CodeField';
import { ChannelSwitch, ContactFields, targetOf, type Channel, type ContactValues } from '../components/ContactFields';
import { sendCodeAfterCaptcha } from '../lib/code-senders';
import { formRules } from '../../../shell/forms/rules';
import { CODE_ERRORS, errorsTo, showFormError } from '../../../shell/forms/server-errors';
import { useCaptcha } from '../lib/useCaptcha';
import { useFinishLogin } from '../lib/useFinishLogin';

interface RegisterValues extends ContactValues {
  code: string;
  password: string;
  confirm_password: string;
  invite_code?: string;
  agree_terms: boolean;
}

export default function RegisterPage() {
  const { t } = useTranslation(['auth', 'validation']);
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useSafeNavigate();
  const toast = useToast();
  const channel: Channel = pathname.endsWith('/phone') ? 'sms' : 'email';
  const [form] = Form.useForm<RegisterValues>();
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha();
  const finish = useFinishLogin();
  const rules = formRules(t);
  const query = params.toString() ? `?${params.toString()}` : '';

  const submit = async (values: RegisterValues) => {
    setBusy(true);
    try {
      const tokens = await accountsApi.register({
        ...targetOf(channel, values),
        code: values.code,
        password: values.password,
        confirm_password: values.confirm_password,
        agree_terms: true,
        ...(values.invite_code?.trim() ? { invite_code: values.invite_code.trim() } : {}),
        language: currentLanguage(),
      });
      toast.success(t('register.welcome'));
      finish(tokens);
    } catch (error) {
      showFormError(form, error, { byCode: errorsTo('code', CODE_ERRORS) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <span>
          {t('register.have_account')} <SafeLink to="/login">{t('register.login_link')}</SafeLink>
        </span>
      }
    >
      <ChannelSwitch value={channel} onChange={(next) => navigate(`/register/${next === 'email' ? 'email' : 'phone'}${query}`, { replace: true })} />
      <Form
        key={channel}
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ invite_code: params.get('invite') ?? '' }}
        onFinish={(values) => void submit(values)}
      >
        <ContactFields channel={channel} />
        <CodeField name="code" label={t('code.label')} rules={rules.code} onSend={() => sendCodeAfterCaptcha(form, channel, 'register', captcha, () => toast.success(t('code.sent')))} />
        <CaptchaNotice state={captcha.state} />
        <Form.Item name="password" label={t('password.new_label')} rules={rules.password} extra={t('password.hint')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label={t('password.confirm_label')}
          dependencies={['password']}
          rules={rules.sameAs(() => form.getFieldValue('password'), V.passwordMismatch)}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="invite_code" label={t('register.invite_label')}>
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="agree_terms"
          valuePropName="checked"
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                if (value !== true) throw new Error(t(`validation:${V.agreeTerms}`));
              },
            },
          ]}
        >
          <Checkbox>
            {t('register.agree_prefix')}{' '}
            <SafeLink to="/terms" target="_blank">
              {t('register.terms')}
            </SafeLink>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('register.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
