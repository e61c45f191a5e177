// /mining/:coin/info (public): how to connect a miner (the stratum address, the wallet address as
// the user name), the fee and payout rule, the minimum payout and the address format.
import { Flex } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MINING_ADDRESS_FORMATS, type CoinInfo } from '@hashpool/shared';
import { Panel } from '../../../ui/Panel';
import { Paragraph, Text } from '../../../ui/Text';
import { ConnectGuide } from '../../mining';
import { StatCard } from '../../../ui/StatCard';
import { StatGrid } from '../../../ui/StatGrid';
import { addressMiningApi } from '../address-mining.api';
import { AddressFrame } from '../components/AddressFrame';

export default function AddressInfoPage() {
  return <AddressFrame page="info">{(coin) => <Info coin={coin} />}</AddressFrame>;
}

function Info({ coin }: { coin: CoinInfo }) {
  const { t } = useTranslation('mining');
  const pool = useQuery({ queryKey: ['address-mining', coin.code, 'pool'], queryFn: () => addressMiningApi.pool(coin.code) });
  const p = pool.data;
  return (
    <Flex vertical gap={24}>
      <Panel>
        <Text strong style={{ fontSize: 18, display: 'block', marginBottom: 16 }}>
          {t('info.connect')}
        </Text>
        <ConnectGuide coin={coin} account={t('info.address_placeholder')} userHint={t('info.user_hint', { coin: coin.symbol })} />
        <Paragraph tone="secondary" style={{ margin: '16px 0 0' }}>
          {t('info.no_account', { coin: coin.symbol })}
        </Paragraph>
      </Panel>
      <StatGrid>
        <StatCard label={t('info.fee')} value={p ? `${p.fee_rate}%` : '--'} testId="address-fee" />
        <StatCard label={t('info.method')} value="PPLNS" footer={t('info.method_hint')} />
        <StatCard label={t('info.min_payout')} value={p ? `${p.min_payout} ${coin.symbol}` : '--'} footer={t('info.payout_hint')} testId="address-min-payout" />
        <StatCard label={t('info.format')} value={<AddressFormat coin={coin} />} testId="address-format" />
      </StatGrid>
    </Flex>
  );
}

/** The coin's address format (the rule the search box and ingestion apply), in the reader's language. */
function AddressFormat({ coin }: { coin: CoinInfo }) {
  const { t } = useTranslation('mining');
  const format = MINING_ADDRESS_FORMATS[coin.code];
  if (!format) return '--';
  const { prefixes, alphabet, length } = format.parts;
  const options = { alphabet: t(`info.alphabets.${alphabet}`), length };
  return (
    <span style={{ display: 'block', fontSize: 15, fontWeight: 400, lineHeight: 1.5 }}>
      {prefixes.length > 0 ? t('info.format_prefixed', { ...options, prefixes: prefixes.join(' / ') }) : t('info.format_plain', options)}
    </span>
  );
}
