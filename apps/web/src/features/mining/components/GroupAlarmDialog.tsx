// A worker group's hashrate alarm: on or off, and the threshold as a number and a unit (stored in
// H/s, more than 0). The repeat interval and email are the sub-account's (the form above it).
import { Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatHashrate, V } from '@hashpool/shared';
import { FormDialog, shownByClient } from '../../../shell/forms/FormDialog';
import { Paragraph } from '../../../ui/Text';
import { groupThreshold, splitThreshold, type HashrateUnit } from '../lib/threshold';
import type { GroupAlert } from '../mining.api';
import { ThresholdField } from './ThresholdField';

interface GroupAlarmForm {
  on: boolean;
  value: number | null;
  unit: HashrateUnit;
}

interface GroupAlarmDialogProps {
  group: GroupAlert;
  /** The unit offered when the group has no threshold yet. */
  fallbackUnit: HashrateUnit;
  /** null removes the alarm. */
  onSubmit: (threshold: number | null) => Promise<unknown>;
  onClose: () => void;
}

export function GroupAlarmDialog({ group, fallbackUnit, onSubmit, onClose }: GroupAlarmDialogProps) {
  // The pool namespace first (unprefixed keys), and the shared validation messages.
  const { t } = useTranslation(['pool', 'validation']);
  const [form] = Form.useForm<GroupAlarmForm>();
  const on = Form.useWatch('on', form);
  const current = group.hashrate_threshold === null ? null : splitThreshold(group.hashrate_threshold);
  const initialValues: GroupAlarmForm = { on: current !== null, value: current?.value ?? null, unit: current?.unit ?? fallbackUnit };

  return (
    <FormDialog<GroupAlarmForm>
      form={form}
      title={t('alerts.groups.dialog_title', { name: group.name })}
      okText={t('common.save')}
      initialValues={initialValues}
      onSubmit={(values) => onSubmit(values.on ? groupThreshold(values.value, values.unit) : null)}
      onError={shownByClient}
      onClose={onClose}
    >
      <Paragraph tone="secondary">{t('alerts.groups.dialog_help', { hashrate: formatHashrate(group.hashrate_15m) })}</Paragraph>
      <Form.Item name="on" label={t('alerts.groups.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {on && (
        <ThresholdField
          names={['value', 'unit']}
          width={160}
          autoFocus
          limit={{ valid: (value, unit) => groupThreshold(value, unit) !== null, message: t(`validation:${V.hashrateThreshold}`) }}
        />
      )}
      <Paragraph tone="secondary" style={{ margin: 0, fontSize: 13 }}>
        {t('alerts.groups.shared_settings')}
      </Paragraph>
    </FormDialog>
  );
}
