// Timezone, display currency, language and the notification mailbox (PUT /users/settings). The
// language and currency also switch this browser at once; the timezone applies to every time the
// account pages show.
import { useState } from 'react';
import { Button, Col, Form, Input, Row, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isEmail, LANGUAGE_NAMES, LANGUAGES, resolveLanguage, TIMEZONES, V, type Language } from '@hashpool/shared';
import { accountsApi, type UserMine } from '../accounts.api';
import { userKeys } from '../../../shell/session/user.queries';
import { setCurrency, useCurrency } from '../../../shell/site/currency';
import { useToast } from '../../../ui/toast';
import { changeLanguage } from '../../../i18n';
import { Panel } from '../../../ui/Panel';
import { showFormError } from '../../../shell/forms/server-errors';

interface Preferences {
  timezone: string;
  currency: string;
  language: Language;
  notify_email: string;
}

export function PreferencesPanel({ mine }: { mine: UserMine }) {
  const { t } = useTranslation(['user', 'validation']);
  const [form] = Form.useForm<Preferences>();
  const { rates } = useCurrency();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const initial: Preferences = {
    timezone: mine.timezone,
    currency: mine.currency,
    language: resolveLanguage(mine.language),
    notify_email: mine.notify_email ?? '',
  };
  const currencies = rates.length ? rates.map((r) => ({ value: r.currency, label: `${r.symbol} ${r.currency}` })) : [{ value: mine.currency, label: mine.currency }];

  const save = async (values: Preferences) => {
    // Only what changed: the server validates each field it gets against live lists (currencies).
    const changes: Parameters<typeof accountsApi.updateSettings>[0] = {};
    if (values.timezone !== initial.timezone) changes.timezone = values.timezone;
    if (values.currency !== initial.currency) changes.currency = values.currency;
    if (values.language !== initial.language) changes.language = values.language;
    const notify = values.notify_email.trim();
    if (notify !== initial.notify_email) changes.notify_email = notify === '' ? null : notify;
    setBusy(true);
    try {
      if (Object.keys(changes).length) await accountsApi.updateSettings(changes);
      if (changes.currency) setCurrency(changes.currency);
      if (values.language !== initial.language) await changeLanguage(values.language);
      // In the language just chosen: this component's t still speaks the one it rendered in.
      toast.success(t('user:preferences.saved', { lng: values.language }));
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    } catch (error) {
      showFormError(form, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title={t('preferences.title')}>
      <Form<Preferences> form={form} layout="vertical" requiredMark={false} initialValues={initial} onFinish={(values) => void save(values)}>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item name="timezone" label={t('preferences.timezone')} extra={t('preferences.timezone_hint')}>
              <Select showSearch={{ optionFilterProp: 'label' }} options={TIMEZONES.map((zone) => ({ value: zone, label: zone }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="currency" label={t('preferences.currency')}>
              <Select options={currencies} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="language" label={t('preferences.language')}>
              {/* Plain-text labels: they are also the options' accessible names. */}
              <Select options={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))} optionRender={(option) => <span lang={String(option.value)}>{option.label}</span>} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="notify_email"
              label={t('preferences.notify_email')}
              extra={t('preferences.notify_email_hint')}
              rules={[
                {
                  validator: async (_rule, value: unknown) => {
                    if (typeof value === 'string' && value.trim() !== '' && !isEmail(value.trim())) throw new Error(t(`validation:${V.email}`));
                  },
                },
              ]}
            >
              <Input inputMode="email" autoComplete="email" placeholder={t('preferences.notify_email_placeholder')} />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('preferences.save')}
        </Button>
      </Form>
    </Panel>
  );
}
