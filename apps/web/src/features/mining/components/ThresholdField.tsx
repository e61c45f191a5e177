// A hashrate alarm's threshold in a form: a number and a unit (lib/threshold.ts) under one label,
// the number required. The sub-account's alarm and a group's alarm both take it.
import { Form, Select, Space, type FormRule } from 'antd';
import { NumberInput } from '../../../ui/NumberInput';
import { useTranslation } from 'react-i18next';
import { THRESHOLD_UNITS, type HashrateUnit } from '../lib/threshold';

interface ThresholdFieldProps {
  /** The form's names of the number and the unit. */
  names: readonly [value: string, unit: string];
  /** The number input's width, px. */
  width: number;
  /** Checks the number with the unit (again whenever the unit changes). */
  limit?: { valid: (value: number, unit: HashrateUnit) => boolean; message: string };
  autoFocus?: boolean;
}

export function ThresholdField({ names: [value, unit], width, limit, autoFocus }: ThresholdFieldProps) {
  const { t } = useTranslation('pool');
  const limitRule: FormRule = ({ getFieldValue }) => ({
    validator: (_: unknown, entered: number | null | undefined) =>
      entered === null || entered === undefined || limit!.valid(entered, getFieldValue(unit) as HashrateUnit) ? Promise.resolve() : Promise.reject(new Error(limit!.message)),
  });
  return (
    <Form.Item label={t('alerts.threshold_value')} required>
      <Space.Compact>
        <Form.Item name={value} noStyle dependencies={limit ? [unit] : undefined} rules={[{ required: true, message: t('alerts.threshold_required') }, ...(limit ? [limitRule] : [])]}>
          <NumberInput min={0} step={1} style={{ width }} aria-label={t('alerts.threshold_value')} autoFocus={autoFocus} />
        </Form.Item>
        <Form.Item name={unit} noStyle>
          <Select aria-label={t('alerts.threshold_unit')} style={{ width: 110 }} options={THRESHOLD_UNITS.map((option) => ({ value: option, label: option }))} />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
