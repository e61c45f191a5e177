// "Sign in with a passkey" on the login screen: a discoverable-credential login (no account typed
// first). The server is asked for options only when the user presses the button: a
// request on every load of /login, conditional UI's, ran into the per-address limit on reloads and
// showed "Passkey login failed." without any action. Never offered in WeChat's browser or without WebAuthn: a note says so instead.
// A cancelled or timed-out prompt says "Verification failed" with a try-again button; the password
// form above stays the other way in.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Divider } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ERRORS, type Tokens } from '@hashpool/shared';
import { ApiError } from '../../../shell/api/api-error';
import { Paragraph } from '../../../ui/Text';
import { passkeysApi } from '../passkeys.api';
import { isCancelledOrTimedOut, loadWebAuthn, passkeysSupported } from '../webauthn';

type Problem = 'timeout' | 'unavailable' | 'failed' | 'error';

function problemOf(error: unknown): Problem {
  if (isCancelledOrTimedOut(error)) return 'timeout';
  if (error instanceof ApiError) {
    if (error.code === ERRORS.passkey_challenge_expired.code) return 'timeout';
    if (error.code === ERRORS.passkey_unavailable.code) return 'unavailable';
    if (error.code === ERRORS.passkey_login_failed.code) return 'failed';
  }
  return 'error';
}

export function PasskeyLogin({ onDone }: { onDone: (tokens: Tokens) => void }) {
  const { t } = useTranslation('passkeys');
  const supported = passkeysSupported();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [problemText, setProblemText] = useState('');
  const done = useRef(onDone);
  done.current = onDone;

  const finish = useCallback(async (credential: object) => {
    const { tokens } = await passkeysApi.login(credential);
    done.current(tokens);
  }, []);

  const signIn = async () => {
    setBusy(true);
    setProblem(null);
    started.current = true;
    try {
      const { startAuthentication, WebAuthnAbortService } = await loadWebAuthn();
      WebAuthnAbortService.cancelCeremony(); // a prompt still open gives way to the new one
      const { options } = await passkeysApi.loginOptions();
      await finish(await startAuthentication({ optionsJSON: options as never }));
    } catch (error) {
      setProblem(problemOf(error));
      setProblemText(error instanceof ApiError ? error.message : '');
    } finally {
      setBusy(false);
    }
  };

  // Leaving the screen ends a prompt still open.
  const started = useRef(false);
  useEffect(() => () => {
    if (started.current) void loadWebAuthn().then(({ WebAuthnAbortService }) => WebAuthnAbortService.cancelCeremony());
  }, []);

  return (
    <div data-testid="passkey-login" style={{ marginBottom: 8 }}>
      <Divider plain style={{ margin: '16px 0' }}>
        {t('login.or')}
      </Divider>
      {!supported ? (
        <Paragraph tone="secondary" style={{ textAlign: 'center', margin: 0 }}>
          {t('unsupported')}
        </Paragraph>
      ) : (
        <>
          {problem && (
            <Alert
              role="alert"
              type={problem === 'timeout' ? 'warning' : 'error'}
              showIcon
              style={{ marginBottom: 12 }}
              title={problem === 'timeout' ? t('timeout_title') : problem === 'unavailable' ? t('login.unavailable') : problem === 'failed' ? t('login.failed') : problemText || t('login.failed')}
              description={problem === 'timeout' ? t('login.timeout_text') : undefined}
            />
          )}
          <Button block size="large" icon={<KeyOutlined />} loading={busy} onClick={() => void signIn()}>
            {problem === 'timeout' ? t('try_again') : t('login.button')}
          </Button>
        </>
      )}
    </div>
  );
}
