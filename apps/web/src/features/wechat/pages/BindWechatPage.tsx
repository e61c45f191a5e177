// BindWechat (/bind-wechat): where WeChat's QR page sends the browser back with code and state.
// mode=bind completes the binding of the logged-in user; mode=login logs in, with the same next
// steps as the password login (the authenticator's code, or the code sent on a new device). The
// code and state are posted once (a state is single use on the server; React's double effects
// in development must not spend it twice).
import { useEffect, useState } from 'react';
import { Button, Flex, Form, Input, Result, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { LoginResult } from '@hashpool/shared';
import { accountsApi, useFinishLogin } from '../../accounts';
import { ApiError } from '../../../shell/api/api-error';
import { formRules } from '../../../shell/forms/rules';
import { CODE_ERRORS, errorsTo, showFormError, TOTP_ERRORS } from '../../../shell/forms/server-errors';
import { useSafeNavigate } from '../../../shell/navigation/navigation';
import { Panel } from '../../../ui/Panel';
import { Paragraph } from '../../../ui/Text';
import { useToast } from '../../../ui/toast';
import { isOwnWechatState, wechatApi, wechatKeys } from '../wechat.api';

type Outcome = { kind: 'working' } | { kind: 'failed'; message: string } | { kind: 'step'; result: Exclude<LoginResult, { status: 'ok' | 'captcha' }> };

/** One call per state, whatever renders the page twice. */
const calls = new Map<string, Promise<LoginResult | null>>();

export default function BindWechatPage() {
  const { t } = useTranslation(['wechat', 'errors']);
  const [params] = useSearchParams();
  const mode = params.get('mode') === 'bind' ? 'bind' : 'login';
  const code = params.get('code');
  const state = params.get('state');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const finish = useFinishLogin();
  const navigate = useSafeNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!code || !state) {
      // WeChat sends no code when the person declined on the phone.
      setOutcome({ kind: 'failed', message: t('callback.declined') });
      return;
    }
    let call = calls.get(state);
    if (!call && !isOwnWechatState(state)) {
      // Not the sign-in this browser started (a link someone sent): nothing is posted.
      setOutcome({ kind: 'failed', message: t('errors:wechat_state_invalid') });
      return;
    }
    if (!call) {
      call = mode === 'bind' ? wechatApi.bind(code, state).then(() => null) : wechatApi.login(code, state);
      calls.set(state, call);
    }
    let live = true;
    call.then(
      async (result) => {
        if (!live) return;
        if (result === null) {
          toast.success(t('callback.bound'));
          await queryClient.invalidateQueries({ queryKey: wechatKeys.status });
          navigate('/user/setting', { replace: true });
        } else if (result.status === 'ok') {
          finish(result.tokens);
          navigate('/', { replace: true });
        } else if (result.status === 'captcha') {
          setOutcome({ kind: 'failed', message: t('callback.failed') });
        } else {
          setOutcome({ kind: 'step', result });
        }
      },
      (error: unknown) => {
        if (live) setOutcome({ kind: 'failed', message: error instanceof ApiError ? error.message : t('callback.failed') });
      },
    );
    return () => {
      live = false;
    };
  }, [code, state, mode, t, finish, navigate, toast, queryClient]);

  if (outcome.kind === 'working') {
    return (
      <Flex justify="center" style={{ padding: 64 }}>
        <Spin size="large" tip={t('callback.working')}>
          <div style={{ width: 160, height: 80 }} />
        </Spin>
      </Flex>
    );
  }
  if (outcome.kind === 'step') return <SecondStep result={outcome.result} onDone={(tokens) => (finish(tokens), navigate('/', { replace: true }))} />;
  return (
    <Result
      status="warning"
      title={mode === 'bind' ? t('callback.bind_failed_title') : t('callback.login_failed_title')}
      subTitle={<span data-testid="wechat-message">{outcome.message}</span>}
      extra={
        <Button type="primary" onClick={() => navigate(mode === 'bind' ? '/user/setting' : '/login', { replace: true })}>
          {mode === 'bind' ? t('callback.to_settings') : t('callback.to_login')}
        </Button>
      }
    />
  );
}

/** The authenticator's code, or the code sent to the account on a new device. */
function SecondStep({ result, onDone }: { result: Exclude<LoginResult, { status: 'ok' | 'captcha' }>; onDone: (tokens: Parameters<ReturnType<typeof useFinishLogin>>[0]) => void }) {
  const { t } = useTranslation(['wechat', 'auth', 'validation']);
  const [form] = Form.useForm<{ code: string }>();
  const [busy, setBusy] = useState(false);
  const rules = formRules(t);
  const totp = result.status === 'totp';
  const submit = async ({ code }: { code: string }) => {
    setBusy(true);
    try {
      onDone(totp ? await accountsApi.totpLogin(result.ticket, code) : await accountsApi.secondValidation(result.ticket, code));
    } catch (error) {
      showFormError(form, error, { byCode: errorsTo('code', [...CODE_ERRORS, ...TOTP_ERRORS]) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex justify="center" style={{ padding: '24px 0' }}>
      <Panel title={totp ? t('auth:login.totp_title') : t('auth:login.second_title')} style={{ width: '100%', maxWidth: 420 }}>
        <Paragraph tone="secondary">
          {result.status === 'totp' ? t('auth:login.totp_hint') : t(result.channel === 'email' ? 'auth:login.second_hint_email' : 'auth:login.second_hint_sms', { target: result.masked_target })}
        </Paragraph>
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
          <Form.Item name="code" label={totp ? t('auth:code.totp_label') : t('auth:code.label')} rules={rules.code}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {t('auth:login.verify')}
          </Button>
        </Form>
      </Panel>
    </Flex>
  );
}
