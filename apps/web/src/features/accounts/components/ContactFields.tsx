// The address of an account: an email, or a phone number with its country calling code (docs/rules.md,
// Validation: +86 numbers must be mainland mobiles).
import { Flex, Form, Input, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContactTarget } from '../accounts.api';
import { formRules } from '../../../shell/forms/rules';

export type Channel = 'email' | 'sms';

/** Mainland China first: it is where the mainland phone rule (docs/rules.md, Validation) applies and most miners are. */
export const DEFAULT_PHONE_COUNTRY = '86';

export interface ContactValues {
  email?: string;
  phone_country?: string;
  phone?: string;
}

export function targetOf(channel: Channel, values: ContactValues): ContactTarget {
  return channel === 'email'
    ? { channel: 'email', email: (values.email ?? '').trim() }
    : { channel: 'sms', phone_country: (values.phone_country ?? '').trim(), phone: (values.phone ?? '').trim() };
}

/** The names of the inputs that make up the address, for validating them before sending a code. */
export function contactFieldNames(channel: Channel): string[] {
  return channel === 'email' ? ['email'] : ['phone_country', 'phone'];
}

export function ContactFields({ channel, emailLabel }: { channel: Channel; emailLabel?: string }) {
  const { t } = useTranslation(['auth', 'validation']);
  const form = Form.useFormInstance<ContactValues>();
  const rules = formRules(t);
  if (channel === 'email') {
    // Not type="email": the browser's own check would block the form with its own untranslated
    // bubble before our rules (the shared ones, in the user's language) could speak.
    return (
      <Form.Item name="email" label={emailLabel ?? t('contact.email')} rules={rules.email}>
        <Input inputMode="email" autoComplete="username" placeholder={t('contact.email_placeholder')} />
      </Form.Item>
    );
  }
  return (
    <Form.Item label={t('contact.phone')} required>
      <Flex gap={8}>
        <Form.Item name="phone_country" noStyle rules={rules.phoneCountry} initialValue={DEFAULT_PHONE_COUNTRY}>
          <Input prefix="+" inputMode="numeric" maxLength={4} aria-label={t('contact.country_code')} style={{ width: 88, flexShrink: 0 }} />
        </Form.Item>
        <Form.Item name="phone" noStyle dependencies={['phone_country']} rules={rules.phone(() => form.getFieldValue('phone_country') as string | undefined)}>
          <Input inputMode="tel" autoComplete="tel-national" aria-label={t('contact.phone')} placeholder={t('contact.phone_placeholder')} />
        </Form.Item>
      </Flex>
    </Form.Item>
  );
}

/** Email or phone, as a two-way switch above a form. */
export function ChannelSwitch({ value, onChange }: { value: Channel; onChange: (channel: Channel) => void }) {
  const { t } = useTranslation('auth');
  return (
    <Segmented<Channel>
      block
      value={value}
      onChange={onChange}
      options={[
        { label: t('contact.by_email'), value: 'email' },
        { label: t('contact.by_phone'), value: 'sms' },
      ]}
      style={{ marginBottom: 24 }}
    />
  );
}
