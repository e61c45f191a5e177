// What the captcha is doing, in one line: working (proof-of-work takes about a second), or why it
// cannot help (a GeeTest server, a failed solve).
import { Alert, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Text } from '../../../ui/Text';
import type { CaptchaState } from '../lib/useCaptcha';

export function CaptchaNotice({ state }: { state: CaptchaState }) {
  const { t } = useTranslation('auth');
  if (state === 'verifying') {
    return (
      <Flex align="center" gap={8} role="status" style={{ marginBottom: 16 }}>
        <Spin size="small" />
        <Text tone="secondary">{t('captcha.verifying')}</Text>
      </Flex>
    );
  }
  if (state === 'unsupported') return <Alert type="warning" showIcon title={t('captcha.unsupported')} style={{ marginBottom: 16 }} />;
  if (state === 'failed') return <Alert type="error" showIcon title={t('captcha.failed')} style={{ marginBottom: 16 }} />;
  return null;
}
