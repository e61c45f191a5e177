// /miners/detail/:id: a miner model's published specification, what it earns per coin of its
// algorithm at the user's electricity fee (the ranking's formula), and where to buy it.
import { Button, Descriptions, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { estimateProfit, findCoin, formatHashrate, splitHashrate } from '@hashpool/shared';
import { SafeLink } from '../../../shell/navigation/navigation';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { Paragraph, Text, Title } from '../../../ui/Text';
import type { CoinMarketItem, MinerDetail } from '../catalogue.api';
import { useMiner } from '../catalogue.queries';
import { ElectricityInput } from '../components/ElectricityInput';
import { coins, money, useElectricity } from '../lib/money';

export default function MinerDetailPage() {
  const { t } = useTranslation('catalogue');
  const id = Number(useParams().id);
  const miner = useMiner(Number.isInteger(id) && id > 0 ? id : 0);
  if (miner.isError) {
    return (
      <Panel>
        <Paragraph>{t('detail.missing')}</Paragraph>
        <SafeLink to="/miners">
          <Button>{t('detail.back')}</Button>
        </SafeLink>
      </Panel>
    );
  }
  if (!miner.data) return <PageSpinner />;
  return <Detail m={miner.data} />;
}

/** Joules per unit of work at the hashrate's own scale (J/TH for 200 TH/s, J/GH for 9.5 GH/s). */
function efficiency(hashrate: number, watts: number): string {
  const { value, unit } = splitHashrate(hashrate);
  return `${Number((watts / Number(value)).toPrecision(4))} J/${unit.replace('/s', '')}`;
}

function Detail({ m }: { m: MinerDetail }) {
  const { t } = useTranslation('catalogue');
  const { feeUsd, factor, symbol } = useElectricity();
  const none = '--';
  const specs = [
    ['vendor', m.vendor],
    ['release_date', m.release_date ?? none],
    ['algorithm', m.algorithm],
    ['hashrate', formatHashrate(Number(m.hashrate))],
    ['power', `${m.power_watts} W`],
    ['efficiency', efficiency(Number(m.hashrate), Number(m.power_watts))],
    ['price', m.price_usd === null ? none : money(Number(m.price_usd), factor, symbol)],
    ['size', m.size ?? none],
    ['weight', m.weight_kg === null ? none : `${m.weight_kg} kg`],
    ['noise', m.noise_db === null ? none : `${m.noise_db} dB`],
    ['fans', m.fans === null ? none : String(m.fans)],
    ['voltage', m.voltage ?? none],
    ['temperature', m.temperature ?? none],
    ['humidity', m.humidity ?? none],
  ] as const;
  const estimate = (c: CoinMarketItem) =>
    estimateProfit(
      { hashrateHs: Number(m.hashrate), powerWatts: Number(m.power_watts), electricityUsdPerKwh: feeUsd ?? 0, machinePriceUsd: m.price_usd === null ? null : Number(m.price_usd) },
      { networkDifficulty: c.network_difficulty, hashesPerDifficulty: c.hashes_per_difficulty, blockReward: c.block_reward, feeRatePercent: c.fee_rate, priceUsd: c.price_usd },
    );
  const coinColumns: DataColumn<CoinMarketItem>[] = [
    { key: 'coin', title: t('calc.coin'), render: (c) => <Text strong>{findCoin(c.coin)?.symbol ?? c.coin}</Text> },
    { key: 'daily', title: t('calc.daily_coins'), align: 'right', render: (c) => coins(estimate(c).dailyCoins) },
    { key: 'revenue', title: t('calc.revenue'), align: 'right', render: (c) => money(estimate(c).dailyRevenueUsd, factor, symbol) },
    { key: 'cost', title: t('calc.cost'), align: 'right', render: (c) => money(estimate(c).dailyElectricityUsd, factor, symbol) },
    { key: 'profit', title: t('calc.profit'), align: 'right', render: (c) => <Text strong>{money(estimate(c).dailyProfitUsd, factor, symbol)}</Text> },
    { key: 'breakeven', title: t('calc.break_even'), align: 'right', render: (c) => { const d = estimate(c).breakEvenDays; return d === null ? '--' : String(Math.ceil(d)); } },
  ];
  type Seller = MinerDetail['sellers'][number];
  const sellerColumns: DataColumn<Seller>[] = [
    { key: 'region', title: t('sellers.region'), render: (s) => [s.region, s.country].filter(Boolean).join(' / ') },
    { key: 'seller', title: t('sellers.seller'), render: (s) => (s.url ? <a href={s.url} target="_blank" rel="noopener noreferrer nofollow">{s.seller}</a> : s.seller) },
    { key: 'price', title: t('sellers.price'), align: 'right', render: (s) => money(s.price_usd, factor, symbol) },
    { key: 'stock', title: t('sellers.stock'), align: 'right', render: (s) => (s.stock === null ? none : String(s.stock)) },
  ];
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} align="center" wrap>
        <SafeLink to="/miners">{t('detail.back')}</SafeLink>
      </Flex>
      <div>
        <Title level={1} style={{ margin: 0, fontSize: 'clamp(22px, 3vw, 28px)' }}>
          {m.vendor} {m.name}
        </Title>
        {m.source && (
          <Paragraph tone="secondary" style={{ margin: '8px 0 0' }}>
            {t('detail.source', { source: m.source })}
          </Paragraph>
        )}
      </div>
      <Panel title={t('detail.specs')}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={specs.map(([key, value]) => ({ key, label: t(`specs.${key}`), children: value }))} />
      </Panel>
      <Panel title={t('detail.earnings')}>
        <Flex vertical gap={12}>
          <ElectricityInput />
          <ResponsiveTable rows={m.market} rowKey={(c) => c.coin} columns={coinColumns} caption={t('detail.earnings')} empty={t('calc.no_coin')} />
        </Flex>
      </Panel>
      <Panel title={t('detail.sellers')}>
        <ResponsiveTable rows={m.sellers} rowKey={(s) => `${s.region}-${s.country}-${s.seller}`} columns={sellerColumns} caption={t('detail.sellers')} empty={t('sellers.empty')} />
      </Panel>
    </Flex>
  );
}
