// Alert settings of the current sub-account for one coin (GET/PUT .../alert-settings): an alert
// when workers go offline (no share for 15 minutes), an alarm when the 15-minute hashrate falls
// below a threshold (entered as a number and a unit, stored in H/s), how often a lasting alert is
// repeated (10 to 1440 minutes), and whether it is also emailed to the notification mailbox.
// Below it, each worker group's own hashrate alarm (GroupAlarmList), which shares those last two.
import { useState } from 'react';
import { Button, Divider, Flex, Form, Select, Switch } from 'antd';
import { NumberInput } from '../../../ui/NumberInput';
import { useTranslation } from 'react-i18next';
import { splitHashrate } from '@hashpool/shared';
import { usePools } from '../../../shell/site/site.queries';
import type { UserMine } from '../../../shell/session/user.api';
import { useToast } from '../../../ui/toast';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { Paragraph, Text } from '../../../ui/Text';
import { REPEAT_MINUTES } from '../lib/constants';
import { joinThreshold, splitThreshold, type HashrateUnit } from '../lib/threshold';
import type { AlertSettings } from '../mining.api';
import { useAccountStats, useAlertSettings, useSaveAlertSettings, type AccountScope } from '../mining.queries';
import { GroupAlarmList } from './GroupAlarmList';
import { ThresholdField } from './ThresholdField';

interface AlertForm {
  offline_alert: boolean;
  threshold_on: boolean;
  threshold_value: number | null;
  threshold_unit: HashrateUnit;
  repeat_minutes: number;
  email: boolean;
}

function toForm(settings: AlertSettings, fallbackUnit: HashrateUnit): AlertForm {
  const threshold = settings.hashrate_threshold === null ? null : splitThreshold(settings.hashrate_threshold);
  return {
    offline_alert: settings.offline_alert,
    threshold_on: threshold !== null,
    threshold_value: threshold?.value ?? null,
    threshold_unit: threshold?.unit ?? fallbackUnit,
    repeat_minutes: settings.repeat_minutes,
    email: settings.email,
  };
}

function fromForm(form: AlertForm): AlertSettings {
  return {
    offline_alert: form.offline_alert,
    hashrate_threshold: form.threshold_on && form.threshold_value !== null ? joinThreshold(form.threshold_value, form.threshold_unit) : null,
    repeat_minutes: form.repeat_minutes,
    email: form.email,
  };
}

function SettingsForm({ scope, mine }: { scope: AccountScope; mine: UserMine }) {
  const { t } = useTranslation('pool');
  const toast = useToast();
  const settings = useAlertSettings(scope);
  const stats = useAccountStats(scope);
  const save = useSaveAlertSettings(scope);
  const [form] = Form.useForm<AlertForm>();
  const thresholdOn = Form.useWatch('threshold_on', form);
  if (!settings.data) return settings.isError ? <Paragraph tone="secondary">{t('common.load_failed')}</Paragraph> : <PageSpinner />;

  // Without a threshold yet, the unit offered is the one the account's hashrate is in now.
  const fallbackUnit = (stats.data && stats.data.hashrate_15m > 0 ? splitHashrate(stats.data.hashrate_15m).unit : 'TH/s') as HashrateUnit;
  const mailbox = mine.notify_email ?? mine.email;

  const submit = async (values: AlertForm) => {
    try {
      await save.mutateAsync(fromForm(values));
      toast.success(t('alerts.saved'));
    } catch {
      // The client has shown the server's message.
    }
  };

  return (
    <Form<AlertForm> form={form} layout="vertical" requiredMark={false} initialValues={toForm(settings.data, fallbackUnit)} onFinish={(values) => void submit(values)} style={{ maxWidth: 560 }}>
      <Form.Item name="offline_alert" label={t('alerts.offline')} extra={t('alerts.offline_help')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="threshold_on" label={t('alerts.threshold')} extra={t('alerts.threshold_help')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {thresholdOn && (
        <ThresholdField names={['threshold_value', 'threshold_unit']} width={180} />
      )}
      <Form.Item
        name="repeat_minutes"
        label={t('alerts.repeat')}
        extra={t('alerts.repeat_help')}
        rules={[{ required: true, type: 'integer', min: REPEAT_MINUTES.min, max: REPEAT_MINUTES.max, message: t('alerts.repeat_rule', REPEAT_MINUTES) }]}
      >
        <NumberInput min={REPEAT_MINUTES.min} max={REPEAT_MINUTES.max} precision={0} suffix={t('alerts.minutes')} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="email" label={t('alerts.email')} extra={mailbox ? t('alerts.email_help', { mailbox }) : t('alerts.email_none')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}

export function AlertSettingsPanel({ account, mine }: { account: string; mine: UserMine }) {
  const { t } = useTranslation('pool');
  const pools = (usePools().data ?? []).filter((pool) => pool.mode === 'account');
  const [coin, setCoin] = useState<string | null>(null);
  const chosen = coin ?? pools[0]?.coin ?? null;
  return (
    <Panel title={t('alerts.title')}>
      <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Text tone="secondary">{t('alerts.for_account', { account })}</Text>
        <Select<string>
          aria-label={t('alerts.coin')}
          style={{ minWidth: 160 }}
          value={chosen ?? undefined}
          onChange={setCoin}
          options={pools.map((pool) => ({ value: pool.coin, label: `${pool.symbol} · ${pool.name}` }))}
        />
      </Flex>
      {/* Keyed by coin: another coin's settings start a fresh form with their own values. */}
      {chosen ? (
        <>
          <SettingsForm key={chosen} scope={{ coin: chosen, account }} mine={mine} />
          <Divider />
          <GroupAlarmList key={`groups-${chosen}`} scope={{ coin: chosen, account }} />
        </>
      ) : (
        <PageSpinner />
      )}
    </Panel>
  );
}
