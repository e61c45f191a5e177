// The ASIC and GPU calculators: a hashrate and a power in; for each coin of the chosen algorithm,
// the coins a day and a month, revenue, electricity, profit and the break-even days at a machine
// price. The same formula as the ranking (packages/shared mining-profit.ts), with the latest
// market figures; the coin price can be changed to see another market.
import { useMemo, useState } from 'react';
import { Flex, Select } from 'antd';
import { NumberInput } from '../../../ui/NumberInput';
import { useTranslation } from 'react-i18next';
import { estimateProfit, findCoin, HASHRATE_UNITS, toHashesPerSecond } from '@hashpool/shared';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { Text } from '../../../ui/Text';
import type { CoinMarketItem } from '../catalogue.api';
import { useMarket } from '../catalogue.queries';
import { coins, money, useElectricity } from '../lib/money';
import { ElectricityInput } from './ElectricityInput';

/** Algorithms graphics cards mine among the pool's coins (the rest are ASIC or CPU work). */
export const GPU_ALGORITHMS = ['Ethash', 'KawPow', 'Autolykos2', 'Octopus', 'Cuckatoo32', 'kHeavyHash', 'Blake3'] as const;

type Unit = (typeof HASHRATE_UNITS)[number];
const DEFAULTS: Record<'asic' | 'gpu', { algorithm: string; hashrate: number; unit: Unit; power: number }> = {
  asic: { algorithm: 'SHA256d', hashrate: 200, unit: 'TH/s', power: 3500 },
  gpu: { algorithm: 'KawPow', hashrate: 50, unit: 'MH/s', power: 300 },
};

export function Calculator({ kind }: { kind: 'asic' | 'gpu' }) {
  const { t } = useTranslation('catalogue');
  const market = useMarket();
  const { feeUsd, factor, symbol } = useElectricity();
  const [algorithm, setAlgorithm] = useState(DEFAULTS[kind].algorithm);
  const [hashrate, setHashrate] = useState<number>(DEFAULTS[kind].hashrate);
  const [unit, setUnit] = useState<Unit>(DEFAULTS[kind].unit);
  const [power, setPower] = useState<number>(DEFAULTS[kind].power);
  const [machinePrice, setMachinePrice] = useState<number | null>(null);
  const [prices, setPrices] = useState<Record<string, number>>({});

  const algorithms = useMemo(() => {
    const all = [...new Set((market.data?.list ?? []).map((c) => c.algorithm))];
    return kind === 'gpu' ? all.filter((a) => (GPU_ALGORITHMS as readonly string[]).includes(a)) : all;
  }, [market.data, kind]);
  if (!market.data || feeUsd === null || factor === null) return <PageSpinner />;

  const rows = market.data.list.filter((c) => c.algorithm === algorithm);
  const estimate = (c: CoinMarketItem) => {
    const priceUsd = prices[c.coin] !== undefined ? prices[c.coin]! / factor : c.price_usd;
    return estimateProfit(
      { hashrateHs: toHashesPerSecond(hashrate, unit), powerWatts: power, electricityUsdPerKwh: feeUsd, machinePriceUsd: machinePrice === null ? null : machinePrice / factor },
      { networkDifficulty: c.network_difficulty, hashesPerDifficulty: c.hashes_per_difficulty, blockReward: c.block_reward, feeRatePercent: c.fee_rate, priceUsd },
    );
  };
  const symbolOf = (coin: string) => findCoin(coin)?.symbol ?? coin.toUpperCase();
  const columns: DataColumn<CoinMarketItem>[] = [
    { key: 'coin', title: t('calc.coin'), render: (c) => <Text strong>{symbolOf(c.coin)}</Text> },
    {
      key: 'price',
      title: t('calc.price', { currency: symbol }),
      render: (c) => (
        <NumberInput<number>
          size="small"
          min={0}
          aria-label={t('calc.price', { currency: symbol }) + ' ' + symbolOf(c.coin)}
          value={prices[c.coin] ?? (c.price_usd === null ? undefined : Number((c.price_usd * factor).toPrecision(6)))}
          onChange={(v) =>
            setPrices((p) => {
              // Cleared: the market price again.
              const { [c.coin]: _cleared, ...rest } = p;
              return v === null ? rest : { ...rest, [c.coin]: v };
            })
          }
          style={{ width: 120 }}
        />
      ),
    },
    { key: 'daily', title: t('calc.daily_coins'), align: 'right', render: (c) => coins(estimate(c).dailyCoins) },
    { key: 'monthly', title: t('calc.monthly_coins'), align: 'right', render: (c) => coins(estimate(c).monthlyCoins) },
    { key: 'revenue', title: t('calc.revenue'), align: 'right', render: (c) => money(estimate(c).dailyRevenueUsd, factor, symbol) },
    { key: 'cost', title: t('calc.cost'), align: 'right', render: (c) => money(estimate(c).dailyElectricityUsd, factor, symbol) },
    { key: 'profit', title: t('calc.profit'), align: 'right', render: (c) => <Text strong>{money(estimate(c).dailyProfitUsd, factor, symbol)}</Text> },
    { key: 'month', title: t('calc.monthly_profit'), align: 'right', render: (c) => money(estimate(c).monthlyProfitUsd, factor, symbol) },
    { key: 'breakeven', title: t('calc.break_even'), align: 'right', render: (c) => { const d = estimate(c).breakEvenDays; return d === null ? '--' : String(Math.ceil(d)); } },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex gap={16} wrap align="end">
        <label>
          <Text tone="secondary">{t('calc.algorithm')}</Text>
          <br />
          <Select<string> aria-label={t('calc.algorithm')} value={algorithm} onChange={setAlgorithm} style={{ minWidth: 180 }} options={algorithms.map((a) => ({ value: a, label: a }))} />
        </label>
        <label>
          <Text tone="secondary">{t('calc.hashrate')}</Text>
          <br />
          <Flex>
            <NumberInput<number> aria-label={t('calc.hashrate')} min={0} value={hashrate} onChange={(v) => setHashrate(v ?? 0)} style={{ width: 120 }} />
            <Select<Unit> aria-label={t('calc.unit')} value={unit} onChange={setUnit} style={{ width: 100 }} options={HASHRATE_UNITS.slice(0, 6).map((u) => ({ value: u, label: u }))} />
          </Flex>
        </label>
        <label>
          <Text tone="secondary">{t('calc.power')}</Text>
          <br />
          <NumberInput<number> aria-label={t('calc.power')} min={0} value={power} onChange={(v) => setPower(v ?? 0)} addonAfter="W" style={{ width: 140 }} />
        </label>
        <label>
          <Text tone="secondary">{t('calc.machine_price', { currency: symbol })}</Text>
          <br />
          <NumberInput<number> aria-label={t('calc.machine_price', { currency: symbol })} min={0} value={machinePrice ?? undefined} onChange={(v) => setMachinePrice(v)} style={{ width: 140 }} />
        </label>
        <ElectricityInput />
      </Flex>
      <ResponsiveTable rows={rows} rowKey={(c) => c.coin} columns={columns} caption={t('calc.results')} empty={t('calc.no_coin')} />
      <Text tone="secondary">{t('calc.note')}</Text>
    </Flex>
  );
}
