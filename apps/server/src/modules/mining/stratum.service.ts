// The stratum processes' side of the pool: whether a sub-account exists (the
// stratum server asks at `mining.authorize` and caches the answer), the endpoints each process
// announces, and the public list of a coin's stratum URLs the pool pages show. A process
// announces at start and then every minute or so; an endpoint not announced for
// LIVE_WINDOW_MS is no longer shown, and when no process has announced for the coin the
// operator's STRATUM_PUBLIC_URLS are shown instead.
import type { StratumAnnounce } from '@hashpool/shared';
import { isNetworkCoin, type ChainNetwork, type NetworkCoin } from '../../config';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { accountCoin } from '../../platform/coin-checks';
import type { AccountDirectory } from '../accounts';
import { configuredStratumView, liveStratumView } from './mining.presenter';
import * as repo from './stratum.repository';

/** An endpoint is live when its process announced it within this time. */
export const LIVE_WINDOW_MS = 5 * 60_000;
/** Rows of a process silent this long are removed. */
const FORGET_AFTER_MS = 24 * 3600_000;

export class StratumService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: { accounts: AccountDirectory; publicUrls: Record<string, string[]>; networks: Partial<Record<NetworkCoin, ChainNetwork>> },
  ) {}

  /** True when a sub-account of that name exists (case-insensitive). */
  async accountExists(name: string): Promise<{ exists: boolean }> {
    return { exists: (await this.deps.accounts.idByName(name)) !== undefined };
  }

  /** Replaces the process's endpoints with the announced ones, seen now. */
  async announce(body: StratumAnnounce): Promise<{ endpoints: number }> {
    const now = this.clock.now();
    const rows = body.endpoints.map((e) => ({
      instance: body.instance,
      coin: e.coin,
      url: e.url,
      startDifficulty: e.start_difficulty,
      minDifficulty: e.min_difficulty,
      maxDifficulty: e.max_difficulty,
      lastSeen: now,
    }));
    await inTransaction(this.db, async (tx) => {
      await repo.deleteEndpointsSeenBefore(tx, new Date(now.getTime() - FORGET_AFTER_MS));
      await repo.replaceInstanceEndpoints(tx, body.instance, rows);
    });
    return { endpoints: new Set(rows.map((r) => `${r.coin} ${r.url}`)).size };
  }

  /** Where miners of the coin connect: the live announced endpoints, else the configured URLs. */
  async forCoin(pool: string) {
    const coin = accountCoin(pool).code;
    const network = isNetworkCoin(coin) ? (this.deps.networks[coin] ?? 'mainnet') : 'mainnet';
    const live = await repo.liveEndpoints(this.db, coin, new Date(this.clock.now().getTime() - LIVE_WINDOW_MS));
    if (live.length > 0) return liveStratumView(coin, network, live);
    return configuredStratumView(coin, network, this.deps.publicUrls[coin] ?? []);
  }
}
