// A stake batch's terms in one line: days, net daily rate, fee, capacity left.
import { useTranslation } from 'react-i18next';
import { Text } from '../../../ui/Text';
import type { StakeBatch } from '../staking.api';

/** "0.08" -> "8%": rates travel as fractions. */
export function percent(rate: string): string {
  const value = Number(rate) * 100;
  return `${Number.isFinite(value) ? Number(value.toFixed(4)) : rate}%`;
}

export function BatchTerms({ batch }: { batch: StakeBatch }) {
  const { t } = useTranslation('staking');
  return (
    <Text tone="secondary">
      {t('batches.terms', { start: batch.start_day, end: batch.end_day, daily: percent(batch.daily_rate), fee: percent(batch.fee_rate), left: batch.available_amount })}
    </Text>
  );
}
