// The electricity fee per kWh in the display currency, kept in local storage for the ranking and
// both calculators.
import { Flex } from 'antd';
import { NumberInput } from '../../../ui/NumberInput';
import { useTranslation } from 'react-i18next';
import { Text } from '../../../ui/Text';
import { setElectricityFee, useElectricity } from '../lib/money';

export function ElectricityInput() {
  const { t } = useTranslation('catalogue');
  const { fee, currency } = useElectricity();
  return (
    <Flex align="center" gap={8} wrap>
      <Text>{t('electricity.label', { currency })}</Text>
      <NumberInput<number>
        aria-label={t('electricity.label', { currency })}
        data-testid="electricity-fee"
        min={0}
        max={100}
        step={0.01}
        value={fee ?? undefined}
        onChange={(v) => v !== null && setElectricityFee(v)}
        style={{ width: 120 }}
      />
    </Flex>
  );
}
