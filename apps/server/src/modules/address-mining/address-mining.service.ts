// Address mining's public figures (docs/rules.md, The API): the pools of the six address-mode coins,
// an address's hashrates, workers and charts. Read-only; the engine's own services answer (the
// workers by owner, the history series, the blocks); this module picks the address-mode coin and
// checks the address. An address that never mined answers zeros and empty lists. Workers' IPs
// show only their network (public-ip.ts): these pages are public, and so is every address.
import { COINS, MINING_ADDRESS_FORMATS } from '@hashpool/shared';
import type { Clock } from '../../platform/clock';
import { addressCoin, addressOf } from '../../platform/coin-checks';
import { DEFAULT_FEE_RATES, type EarningsApi } from '../earnings';
import type { MiningApi, MinerListQuery, Range } from '../mining';
import type { WalletApi } from '../wallet';
import { publicIp } from './public-ip';

/**
 * The pool-wide figures (every coin's pool, a coin's worker counts) are the same for every
 * visitor and move at the minute job's pace, while each costs a pass over the coin's workers: they
 * are kept this long per instance, so a crowd on the stats pages costs one pass per period.
 */
export const POOL_FIGURES_TTL_MS = 10_000;

/**
 * The IPs of an address read at most for its IP statistics, busiest first (docs/security.md, item
 * 34): they are merged into networks here, so all are read at once; a farm has hundreds.
 */
export const IP_GROUPS_MAX = 10_000;

type IpRow = { ip: string | null; workers: number; active: number; hashrate_15m: number; hashrate_24h: number; last_share_time: string };

export class AddressMiningService {
  private readonly cache = new Map<string, { until: number; value: Promise<unknown> }>();

  constructor(
    private readonly clock: Clock,
    private readonly deps: { mining: MiningApi; earnings: EarningsApi; wallet: WalletApi },
  ) {}

  /** `load()`'s answer, shared for POOL_FIGURES_TTL_MS (a failure is not kept). */
  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.clock.now().getTime();
    const hit = this.cache.get(key);
    if (hit && hit.until > now) return hit.value as Promise<T>;
    const value = load();
    this.cache.set(key, { until: now + POOL_FIGURES_TTL_MS, value });
    value.catch(() => this.cache.delete(key));
    return value;
  }

  private checked(code: string, address: string) {
    return { coin: addressOf(code, address), owner: { address } };
  }

  pools() {
    return this.cached('pools', () => this.loadPools());
  }

  private async loadPools() {
    const coins = COINS.filter((c) => c.mode === 'address').map((c) => c.code);
    const [pages, fees, minimums] = await Promise.all([this.deps.mining.blocks.coinPages(), this.deps.earnings.earnings.feeRates(coins), this.deps.wallet.limits.minWithdrawals()]);
    return pages
      .filter((p) => coins.includes(p.coin))
      .map((p) => ({
        ...p,
        fee_rate: fees.get(p.coin)?.get('pplns') ?? DEFAULT_FEE_RATES.pplns,
        min_payout: minimums.get(p.coin) ?? '0',
        address_format: MINING_ADDRESS_FORMATS[p.coin]!.shape,
      }));
  }

  async pool(code: string) {
    const coin = addressCoin(code).code;
    return (await this.pools()).find((p) => p.coin === coin)!;
  }

  async minerInfo(code: string, address: string) {
    const { coin, owner } = this.checked(code, address);
    const { stats, lastShareAt } = await this.deps.mining.workers.accountSummary(owner, coin);
    return { ...stats, coin, address, last_share_time: lastShareAt?.toISOString() ?? null };
  }

  poolSeries(code: string, range: Range) {
    return this.deps.mining.history.series({ table: 'pool_history', coin: addressCoin(code).code }, range);
  }

  minerSeries(code: string, address: string, range: Range) {
    const { coin } = this.checked(code, address);
    return this.deps.mining.history.series({ table: 'owner_history', coin, owner: address }, range);
  }

  async minerWorkers(code: string, address: string, query: MinerListQuery) {
    const { coin, owner } = this.checked(code, address);
    const page = await this.deps.mining.workers.list(owner, coin, { ...query, group: undefined });
    return { ...page, list: page.list.map((w) => ({ ...w, last_ip: w.last_ip === null ? null : publicIp(w.last_ip) })) };
  }

  async workerSeries(code: string, address: string, worker: string, range: Range) {
    const { coin, owner } = this.checked(code, address);
    const row = await this.deps.mining.workers.byName(owner, coin, worker);
    return this.deps.mining.history.series({ table: 'worker_history', workerId: row.id }, range);
  }

  /**
   * The address's workers grouped by the network (/24, /48) of the IP they last sent a share from,
   * busiest first (the ALEO IP statistics): workers, active ones, their 15 min and 24 h hashrate
   * and newest share per network. Rigs behind two IPs of one network count as one row.
   */
  async minerIps(code: string, address: string, page: number, pageSize: number) {
    const { coin, owner } = this.checked(code, address);
    const byIp = await this.deps.mining.workers.byIp(owner, coin, 1, IP_GROUPS_MAX);
    const networks = new Map<string | null, IpRow>();
    for (const row of byIp.list) {
      const ip = row.ip === null ? null : publicIp(row.ip);
      const seen = networks.get(ip);
      if (!seen) {
        networks.set(ip, { ...row, ip });
        continue;
      }
      seen.workers += row.workers;
      seen.active += row.active;
      seen.hashrate_15m += row.hashrate_15m;
      seen.hashrate_24h += row.hashrate_24h;
      if (row.last_share_time > seen.last_share_time) seen.last_share_time = row.last_share_time;
    }
    // Ordered as workers.repository.ts orders IPs: hashrate, workers, then the network, unknown last.
    const list = [...networks.values()].sort((a, b) => b.hashrate_15m - a.hashrate_15m || b.workers - a.workers || (a.ip === b.ip ? 0 : a.ip === null ? 1 : b.ip === null ? -1 : a.ip < b.ip ? -1 : 1));
    return { list: list.slice((page - 1) * pageSize, page * pageSize), total: list.length, capped: byIp.total > IP_GROUPS_MAX };
  }

  blocks(code: string, page: number, pageSize: number) {
    return this.deps.mining.blocks.list(addressCoin(code).code, page, pageSize);
  }

  /** Every worker of the coin's pool by status, and the addresses with an active one. */
  workerStats(code: string) {
    const coin = addressCoin(code).code;
    return this.cached(`workers:${coin}`, () => this.deps.mining.workers.addressPoolCounts(coin));
  }
}
