// "All coins" or one coin of the coin table: the coin filter of the wallet's lists.
import { Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { COINS } from '@hashpool/shared';
import { CoinAvatar } from '../../../ui/CoinAvatar';

const ALL = '';

export function CoinFilter({ value, onChange }: { value: string | null; onChange: (coin: string | null) => void }) {
  const { t } = useTranslation('wallet');
  return (
    <Select<string>
      aria-label={t('filters.coin')}
      value={value ?? ALL}
      onChange={(coin) => onChange(coin === ALL ? null : coin)}
      showSearch={{ optionFilterProp: 'title' }}
      style={{ minWidth: 160, alignSelf: 'flex-start' }}
      options={[
        { value: ALL, title: t('filters.all_coins'), label: t('filters.all_coins') },
        ...COINS.map((coin) => ({
          value: coin.code,
          title: `${coin.symbol} ${coin.name}`,
          label: (
            <Flex align="center" gap={8}>
              <CoinAvatar coin={coin.code} symbol={coin.symbol} size={18} />
              {coin.symbol}
            </Flex>
          ),
        })),
      ]}
    />
  );
}
