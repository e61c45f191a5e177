// A worker group's hashrate alarm: on or off, and the threshold as a number and a unit (stored in
// H/s, more than 0). The repeat interval and email are the sub-account's (the form above it).
import { useState } from 'react';
import { Form, InputNumber, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatHashrate, V } from '@hashpool/shared';
import { AppModal } from '../../../ui/AppModal';
import { Paragraph } from '../../../ui/Text';
import { groupThreshold, splitThreshold, THRESHOLD_UNITS, type HashrateUnit } from '../lib/threshold';
import type { GroupAlert } from '../mining.api';

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
  const [busy, setBusy] = useState(false);
  const current = group.hashrate_threshold === null ? null : splitThreshold(group.hashrate_threshold);
  const initialValues: GroupAlarmForm = { on: current !== null, value: current?.value ?? null, unit: current?.unit ?? fallbackUnit };

  const submit = async (values: GroupAlarmForm) => {
    setBusy(true);
    try {
      await onSubmit(values.on ? groupThreshold(values.value, values.unit) : null);
      onClose();
    } catch {
      // The client has shown the server's message; the dialog stays open to try again.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppModal
      open
      title={t('alerts.groups.dialog_title', { name: group.name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy }}
      mask={{ closable: false }}
    >
      <Form<GroupAlarmForm> form={form} layout="vertical" requiredMark={false} initialValues={initialValues} onFinish={(values) => void submit(values)} style={{ marginTop: 16 }}>
        <Paragraph tone="secondary">{t('alerts.groups.dialog_help', { hashrate: formatHashrate(group.hashrate_15m) })}</Paragraph>
        <Form.Item name="on" label={t('alerts.groups.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {on && (
          <Form.Item label={t('alerts.threshold_value')} required>
            <Space.Compact>
              <Form.Item
                name="value"
                noStyle
                dependencies={['unit']}
                rules={[
                  { required: true, message: t('alerts.threshold_required') },
                  {
                    validator: (_, value: number | null | undefined) =>
                      value === null || value === undefined || groupThreshold(value, form.getFieldValue('unit') as HashrateUnit) !== null
                        ? Promise.resolve()
                        : Promise.reject(new Error(t(`validation:${V.hashrateThreshold}`))),
                  },
                ]}
              >
                <InputNumber min={0} step={1} style={{ width: 160 }} aria-label={t('alerts.threshold_value')} autoFocus />
              </Form.Item>
              <Form.Item name="unit" noStyle>
                <Select aria-label={t('alerts.threshold_unit')} style={{ width: 110 }} options={THRESHOLD_UNITS.map((unit) => ({ value: unit, label: unit }))} />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
        )}
        <Paragraph tone="secondary" style={{ margin: 0, fontSize: 13 }}>
          {t('alerts.groups.shared_settings')}
        </Paragraph>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </AppModal>
  );
}
