// A verification-code input with its "Send code" button and the 60-second resend timer
// (docs/rules.md, States and transitions). `onSend` does whatever sending takes (a captcha first, for example) and
// answers the seconds until a resend, or null when nothing was sent.
import { useState, type ReactNode } from 'react';
import { Button, Flex, Form, Input } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { CODE_RESEND_SECONDS } from '@hashpool/shared';
import { useCountdown } from '../../ui/useCountdown';

type NamePath = string | (string | number)[];

interface CodeFieldProps {
  name: NamePath;
  label: ReactNode;
  rules: FormRule[];
  onSend: () => Promise<number | null>;
  extra?: ReactNode;
  disabled?: boolean;
}

export function CodeField({ name, label, rules, onSend, extra, disabled }: CodeFieldProps) {
  const { t } = useTranslation('auth');
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      const wait = await onSend();
      if (wait !== null) start(wait > 0 ? wait : CODE_RESEND_SECONDS);
    } finally {
      setSending(false);
    }
  };

  // Ant Design gives the input the id of its name ("verification_email_code"); the label points there.
  const id = Array.isArray(name) ? name.join('_') : name;
  return (
    // The inner item carries the name and rules; its errors show on this outer one.
    <Form.Item label={label} htmlFor={id} required extra={extra}>
      <Flex gap={8}>
        <Form.Item name={name} rules={rules} noStyle>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder={t('code.placeholder')} style={{ flex: 1, minWidth: 0 }} />
        </Form.Item>
        <Button onClick={() => void send()} loading={sending} disabled={disabled || remaining > 0} style={{ flexShrink: 0, minWidth: 120 }}>
          {remaining > 0 ? t('code.resend_in', { seconds: remaining }) : t('code.send')}
        </Button>
      </Flex>
    </Form.Item>
  );
}
