// The miner catalogue: models (operators edit them; every change audited), the profitability
// ranking computed per request from the earnings' latest market day (network difficulty, block
// reward, price) and the pool fee, and the market figures the calculators use. The formula is
// packages/shared mining-profit.ts, the same the web's ASIC and GPU calculators run.
import { LedgerDecimal as Decimal } from '../ledger';
import { COINS, dailyElectricityUsd, estimateProfit, utcDay, type CoinMarketItem, type MinerModelBody, type PoolItem } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import * as repo from './catalogue.repository';

/** The market rows the catalogue reads from the earnings module (its latest day per coin). */
export interface MarketSource {
  latestMarket(coins: readonly string[], day: string): Promise<Map<string, { day: string; networkDifficulty: string; blockSubsidy: string; avgFeesPerBlock: string; priceUsd: string | null; source: string }>>;
}

const plain = (v: string | null) => (v === null ? null : new Decimal(v).toFixed());

export function modelView(r: repo.MinerModelRow) {
  return {
    id: r.id,
    vendor: r.vendor,
    name: r.name,
    kind: r.kind,
    release_date: r.releaseDate,
    algorithm: r.algorithm,
    hashrate: plain(r.hashrate)!,
    power_watts: plain(r.powerWatts)!,
    price_usd: plain(r.priceUsd),
    size: r.size,
    weight_kg: plain(r.weightKg),
    noise_db: r.noiseDb,
    fans: r.fans,
    voltage: r.voltage,
    temperature: r.temperature,
    humidity: r.humidity,
    sellers: r.sellers,
    enabled: r.enabled,
    source: r.source,
  };
}

export class CatalogueService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: { market: MarketSource; pools: () => Promise<PoolItem[]>; audit: AuditLog },
  ) {}

  /** Each enabled coin's latest market figures (demo: the seed's or the simulated adapter's) with its pool fee; the registry's price when the day has none. */
  async market(): Promise<{ list: CoinMarketItem[] }> {
    const pools = await this.deps.pools();
    const rows = await this.deps.market.latestMarket(pools.map((p) => p.coin), utcDay(this.clock.now()));
    const list: CoinMarketItem[] = [];
    for (const pool of pools) {
      const row = rows.get(pool.coin);
      const coin = COINS.find((c) => c.code === pool.coin);
      if (!row || !coin) continue;
      const price = row.priceUsd ?? pool.price_usd;
      list.push({
        coin: pool.coin,
        algorithm: pool.algorithm,
        network_difficulty: Number(row.networkDifficulty),
        hashes_per_difficulty: coin.hashesPerDifficulty,
        block_reward: new Decimal(row.blockSubsidy).plus(row.avgFeesPerBlock).toNumber(),
        fee_rate: Number(pool.fee_rate),
        price_usd: price === null ? null : Number(price),
        day: row.day,
        demo: DEMO_MARKET_SOURCES.has(row.source),
      });
    }
    return { list };
  }

  /** The enabled models with their most profitable coin at `electricity` USD/kWh, filtered. */
  async ranking(q: { electricity: number; algorithm?: string | undefined; vendor?: string | undefined }) {
    const [models, { list: market }] = await Promise.all([repo.listModels(this.db, true), this.market()]);
    const vendors = [...new Set(models.map((m) => m.vendor))].sort();
    const algorithms = [...new Set(models.map((m) => m.algorithm))].sort();
    const shown = models.filter((m) => (!q.algorithm || m.algorithm === q.algorithm) && (!q.vendor || m.vendor === q.vendor));
    const list = shown.map((m) => {
      const input = { hashrateHs: Number(m.hashrate), powerWatts: Number(m.powerWatts), electricityUsdPerKwh: q.electricity, machinePriceUsd: m.priceUsd === null ? null : Number(m.priceUsd) };
      let best: { coin: string; e: ReturnType<typeof estimateProfit> } | null = null;
      for (const c of market.filter((x) => x.algorithm === m.algorithm)) {
        const e = estimateProfit(input, { networkDifficulty: c.network_difficulty, hashesPerDifficulty: c.hashes_per_difficulty, blockReward: c.block_reward, feeRatePercent: c.fee_rate, priceUsd: c.price_usd });
        if (!best || (e.dailyRevenueUsd ?? -Infinity) > (best.e.dailyRevenueUsd ?? -Infinity)) best = { coin: c.coin, e };
      }
      const electricity = dailyElectricityUsd(input.powerWatts, q.electricity);
      return {
        ...modelView(m),
        coin: best?.coin ?? null,
        daily_coins: best ? best.e.dailyCoins : null,
        daily_revenue_usd: best?.e.dailyRevenueUsd ?? null,
        daily_electricity_usd: electricity,
        daily_profit_usd: best?.e.dailyProfitUsd ?? null,
      };
    });
    list.sort((a, b) => (b.daily_profit_usd ?? -Infinity) - (a.daily_profit_usd ?? -Infinity));
    return { list, vendors, algorithms };
  }

  async detail(id: number) {
    const model = await repo.findModel(this.db, id, true);
    if (!model) throw new AppError('miner_model_not_found');
    const { list } = await this.market();
    return { ...modelView(model), market: list.filter((c) => c.algorithm === model.algorithm) };
  }

  // ---- operators ----

  async adminList() {
    return { list: (await repo.listModels(this.db, false)).map(modelView) };
  }

  async create(adminId: string, body: MinerModelBody) {
    return inTransaction(this.db, async (tx) => {
      const row = await repo.insertModel(tx, this.values(body));
      if (!row) throw new AppError('miner_model_exists');
      await this.deps.audit.record({ adminUserId: adminId, action: 'miner_model_create', target: `miner_model:${row.id}`, detail: { vendor: row.vendor, name: row.name } }, tx);
      return modelView(row);
    });
  }

  async update(adminId: string, id: number, body: MinerModelBody) {
    return inTransaction(this.db, async (tx) => {
      const old = await repo.findModel(tx, id);
      if (!old) throw new AppError('miner_model_not_found');
      const twin = await repo.findByVendorName(tx, body.vendor, body.name);
      if (twin && twin.id !== id) throw new AppError('miner_model_exists');
      // Two operators renaming two models to one vendor and name at once: the unique index decides.
      const row = (await repo.updateModel(tx, id, { ...this.values(body), source: old.source }).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new AppError('miner_model_exists');
        throw error;
      }))!;
      await this.deps.audit.record(
        { adminUserId: adminId, action: 'miner_model_update', target: `miner_model:${id}`, detail: { hashrate: `${plain(old.hashrate)} -> ${plain(row.hashrate)}`, power_watts: `${plain(old.powerWatts)} -> ${plain(row.powerWatts)}`, price_usd: `${plain(old.priceUsd) ?? ''} -> ${plain(row.priceUsd) ?? ''}`, enabled: String(row.enabled) } },
        tx,
      );
      return modelView(row);
    });
  }

  private values(b: MinerModelBody): repo.MinerModelValues {
    const num = (v: number | null) => (v === null ? null : new Decimal(v).toFixed());
    return {
      vendor: b.vendor,
      name: b.name,
      kind: b.kind,
      releaseDate: b.release_date,
      algorithm: b.algorithm,
      hashrate: num(b.hashrate)!,
      powerWatts: num(b.power_watts)!,
      priceUsd: num(b.price_usd),
      size: b.size,
      weightKg: num(b.weight_kg),
      noiseDb: b.noise_db,
      fans: b.fans,
      voltage: b.voltage,
      temperature: b.temperature,
      humidity: b.humidity,
      sellers: b.sellers,
      enabled: b.enabled,
      source: null,
      updatedAt: this.clock.now(),
    };
  }
}

/** Market rows from the seed or the simulated adapter: demo figures, labelled as such. */
const DEMO_MARKET_SOURCES = new Set(['seed', 'simulated']);
