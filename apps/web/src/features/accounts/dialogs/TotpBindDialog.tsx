// Enable the authenticator: a new secret as a QR code (and as text, for typing in), the first
// code from the app to prove it was added, and the second factor (an emailed or SMS code: there
// is no authenticator yet).
import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Form, Input, QRCode, theme } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { accountsApi, type TotpSecret, type UserMine, type Verification } from '../accounts.api';
import { useToast } from '../../../ui/toast';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Paragraph, Text } from '../../../ui/Text';
import { FormDialog } from '../../../shell/forms/FormDialog';
import { SecondFactorFields, verificationOf } from '../../../shell/verification/SecondFactorFields';
import { formRules } from '../../../shell/forms/rules';
import { errorsTo, TOTP_ERRORS } from '../../../shell/forms/server-errors';
import { useSecurityDone } from './useSecurityDone';

interface Values {
  code: string;
  verification?: Verification;
}

/** "ABCD EFGH …": a long secret is easier to read and type in groups of four. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

export default function TotpBindDialog({ mine, onClose }: { mine: UserMine; onClose: () => void }) {
  const { t } = useTranslation(['user', 'auth', 'validation']);
  const { token } = theme.useToken();
  const toast = useToast();
  const rules = formRules(t);
  const done = useSecurityDone();
  const [secret, setSecret] = useState<TotpSecret | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    // Once per opening: every call makes a new pending secret on the server.
    if (asked.current) return;
    asked.current = true;
    accountsApi.totpSecret().then(setSecret, onClose);
  }, [onClose]);

  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret.secret);
      toast.success(t('security.totp.copied'));
    } catch {
      // No clipboard (insecure origin): the secret is on screen to copy by hand.
    }
  };

  return (
    <FormDialog<Values>
      title={t('security.totp.bind_title')}
      onClose={onClose}
      errorFields={{ byCode: errorsTo('code', TOTP_ERRORS) }}
      onSubmit={async (values) => {
        await accountsApi.totpBind(values.code, verificationOf(values));
        await done(t('security.totp.bound'));
      }}
    >
      {secret ? (
        <Flex vertical gap={12} style={{ marginBottom: 16 }}>
          <Paragraph tone="secondary" style={{ margin: 0 }}>
            {t('security.totp.scan_hint')}
          </Paragraph>
          <Flex justify="center">
            <QRCode value={secret.otpauth_url} size={176} bordered={false} color={token.colorText} bgColor={token.colorBgContainer} />
          </Flex>
          <Flex vertical align="center" gap={4}>
            <Text tone="secondary">{t('security.totp.secret_label')}</Text>
            <Flex align="center" gap={4} wrap justify="center">
              <Text strong data-testid="totp-secret" style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', wordBreak: 'break-all' }}>
                {groupSecret(secret.secret)}
              </Text>
              <Button type="text" size="small" icon={<CopyOutlined />} aria-label={t('security.totp.copy')} onClick={() => void copy()} />
            </Flex>
          </Flex>
        </Flex>
      ) : (
        <PageSpinner />
      )}
      <Form.Item name="code" label={t('security.totp.app_code_label')} rules={rules.code}>
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
      </Form.Item>
      <SecondFactorFields mine={mine} operation="totp_bind" />
    </FormDialog>
  );
}
