// /login: email or phone and password, the password RSA-encrypted in the browser (lib/login-crypto).
// The server may then ask for an authenticator code, for a code sent to the account's address
// (new device), or for a captcha after failed tries (docs/rules.md, States and transitions).
import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERRORS } from '@hashpool/shared';
import { accountsApi, type CaptchaAnswer, type LoginResult } from '../accounts.api';
import { ApiError } from '../../../shell/api/api-error';
import { presentError } from '../../../shell/api/error-presenter';
import { SafeLink } from '../../../shell/navigation/navigation';
import { Paragraph } from '../../../ui/Text';
import { AuthCard } from '../components/AuthCard';
import { CaptchaNotice } from '../components/CaptchaNotice';
import { ChannelSwitch, ContactFields, type Channel, type ContactValues } from '../components/ContactFields';
import { canEncryptPassword, encryptPassword, loginKey } from '../lib/login-crypto';
import { formRules } from '../../../shell/forms/rules';
import { CODE_ERRORS, errorsTo, showFormError, TOTP_ERRORS } from '../../../shell/forms/server-errors';
import { useCaptcha } from '../lib/useCaptcha';
import { useFinishLogin } from '../lib/useFinishLogin';
import { WechatLoginButton } from '../../wechat';
import { PasskeyLogin } from '../../passkeys';

interface PasswordValues extends ContactValues {
  password: string;
}

type Step = { kind: 'password' } | { kind: 'totp'; ticket: string } | { kind: 'second'; ticket: string; maskedTarget: string; channel: 'email' | 'sms' };

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'validation']);
  const [channel, setChannel] = useState<Channel>('email');
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<PasswordValues>();
  const captcha = useCaptcha();
  const finish = useFinishLogin();
  const rules = formRules(t);
  const secure = canEncryptPassword();

  const login = async (values: PasswordValues, answer?: CaptchaAnswer, freshKey = false): Promise<void> => {
    const key = await loginKey(freshKey);
    const body = {
      account: (channel === 'email' ? values.email : values.phone)?.trim() ?? '',
      ...(channel === 'sms' ? { phone_country: values.phone_country?.trim() } : {}),
      password: await encryptPassword(key, values.password),
      key_id: key.key_id,
      ...(answer ? { captcha: answer } : {}),
    };
    let result: LoginResult;
    try {
      result = await accountsApi.login(body);
    } catch (error) {
      // Another API instance's key, or the server restarted: fetch the key again, once.
      if (error instanceof ApiError && error.code === ERRORS.login_key_stale.code && !freshKey) return login(values, answer, true);
      showFormError(form, error, {
        fieldNames: { 'body.account': channel === 'email' ? 'email' : 'phone', 'body.password': 'password' },
        byCode: { [ERRORS.login_failed.code]: 'password' },
      });
      return;
    }
    switch (result.status) {
      case 'ok':
        return finish(result.tokens);
      case 'totp':
        return setStep({ kind: 'totp', ticket: result.ticket });
      case 'second_validation':
        return setStep({ kind: 'second', ticket: result.ticket, maskedTarget: result.masked_target, channel: result.channel });
      case 'captcha': {
        // Too many failures for this account: prove a human is trying, then the same login again.
        if (answer) return captcha.refused();
        const solved = await captcha.run();
        if (solved) return login(values, solved, freshKey);
      }
    }
  };

  const submit = async (values: PasswordValues) => {
    setBusy(true);
    try {
      await login(values);
    } catch (error) {
      if (error instanceof ApiError) presentError(error);
      else throw error;
    } finally {
      setBusy(false);
    }
  };

  if (step.kind !== 'password') {
    return <SecondStep step={step} onBack={() => setStep({ kind: 'password' })} onDone={finish} />;
  }

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          <SafeLink to={channel === 'email' ? '/resetpassword/email' : '/resetpassword/phone'}>{t('login.forgot')}</SafeLink>
          <SafeLink to={channel === 'email' ? '/register/email' : '/register/phone'}>{t('login.no_account')}</SafeLink>
        </>
      }
    >
      {!secure && <Alert type="warning" showIcon title={t('login.https_required')} style={{ marginBottom: 16 }} />}
      <ChannelSwitch value={channel} onChange={setChannel} />
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)} disabled={!secure}>
        <ContactFields channel={channel} />
        <Form.Item name="password" label={t('password.label')} rules={rules.required}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <CaptchaNotice state={captcha.state} />
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('login.submit')}
        </Button>
      </Form>
      <WechatLoginButton />
      <PasskeyLogin onDone={finish} />
    </AuthCard>
  );
}

/** The second step: the authenticator's code, or the code sent to the account on a new device. */
function SecondStep({ step, onBack, onDone }: { step: Exclude<Step, { kind: 'password' }>; onBack: () => void; onDone: ReturnType<typeof useFinishLogin> }) {
  const { t } = useTranslation(['auth', 'validation']);
  const [form] = Form.useForm<{ code: string }>();
  const [busy, setBusy] = useState(false);
  const rules = formRules(t);
  const totp = step.kind === 'totp';

  const submit = async ({ code }: { code: string }) => {
    setBusy(true);
    try {
      onDone(totp ? await accountsApi.totpLogin(step.ticket, code) : await accountsApi.secondValidation(step.ticket, code));
    } catch (error) {
      if (error instanceof ApiError && error.code === ERRORS.ticket_expired.code) {
        presentError(error);
        onBack();
        return;
      }
      showFormError(form, error, { byCode: errorsTo('code', [...CODE_ERRORS, ...TOTP_ERRORS]) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={totp ? t('login.totp_title') : t('login.second_title')}
      footer={
        <Button type="link" onClick={onBack}>
          {t('login.back')}
        </Button>
      }
    >
      <Paragraph tone="secondary">
        {totp ? t('login.totp_hint') : t(step.channel === 'email' ? 'login.second_hint_email' : 'login.second_hint_sms', { target: step.maskedTarget })}
      </Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        <Form.Item name="code" label={totp ? t('code.totp_label') : t('code.label')} rules={rules.code}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('login.verify')}
        </Button>
      </Form>
    </AuthCard>
  );
}
