// The chart range: 24 hours (10-minute points) or 30 days (hourly points).
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { HASHRATE_RANGES } from '@hashpool/shared';

export type HashrateRange = (typeof HASHRATE_RANGES)[number];

export function RangeSwitch({ value, onChange }: { value: HashrateRange; onChange: (range: HashrateRange) => void }) {
  const { t } = useTranslation('common');
  return (
    <Segmented<HashrateRange>
      size="small"
      aria-label={t('chart.range')}
      value={value}
      onChange={onChange}
      options={HASHRATE_RANGES.map((range) => ({ value: range, label: t(`chart.ranges.${range}`) }))}
    />
  );
}
