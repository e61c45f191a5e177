// The electricity fee per kWh in the display currency, kept in local storage with that currency
// for the ranking and both calculators (lib/money.ts converts it when the currency changes).
import { Flex } from 'antd';
import { NumberInput } from '../../../ui/NumberInput';
import { useTranslation } from 'react-i18next';
import { Text } from '../../../ui/Text';
import { feeDigits, MAX_ELECTRICITY_USD, setElectricityFee, useElectricity } from '../lib/money';

export function ElectricityInput() {
  const { t } = useTranslation('catalogue');
  const { fee, currency, factor } = useElectricity();
  return (
    <Flex align="center" gap={8} wrap>
      <Text>{t('electricity.label', { currency })}</Text>
      <NumberInput<number>
        aria-label={t('electricity.label', { currency })}
        data-testid="electricity-fee"
        min={0}
        // The server's bound is in USD: 100 USD per kWh in this currency (₩ rates run past 100).
        max={factor === null ? undefined : feeDigits(MAX_ELECTRICITY_USD * factor)}
        step={0.01}
        value={fee ?? undefined}
        onChange={(v) => v !== null && setElectricityFee(v, currency)}
        style={{ width: 120 }}
      />
    </Flex>
  );
}
