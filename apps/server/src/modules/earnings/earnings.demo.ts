// Demo only (DEMO_SEED; prepareDatabase calls this for the demo start and never for a real pool):
// the demo farm's last week of mining, settled by the real settlement, so the profit page, the
// wallet and the export show settled days from the first start instead of after a UTC midnight.
//
// The history is demo data made from the simulator's demo workers (simulator.ts): each hour's
// work is the farm's mean hashrate (flaky workers counted for the time they are on) times an
// hour, with its luck drawn deterministically, written as hourly points like the roll-up leaves
// them. A day that already has any history of the farm (the simulator ran then) is left to the
// settlement job; so is today. The market values of those days are the simulated walk taken
// backwards from today's seed values (each day differs from the next as the job's days do, and the
// last leads to the seed). The demo wallet addresses of the address-mode coins get the same week
// of history (their charts and their work per day) and no settlement: an address is paid per
// matured block, and the demo's rigs find one about once in decades, as they would. A second
// start writes and settles nothing twice.
import { addDays, dayStart, findCoin, SETTLE_AFTER_MS, utcDay, type PoolItem } from '@hashpool/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { DEMO_ACCOUNTS, type AccountDirectory } from '../accounts';
import { DEMO_WORKERS, vardiff, type HistoryService } from '../mining';
import { insertMissingMarketDays } from './earnings.repository';
import { deterministicNormal, seedValues, SimulatedMarketData, type MarketValues } from './market-data';
import type { SettlementService } from './settlement.service';

export const DEMO_SETTLED_DAYS = 7;

interface Farm {
  /** The demo sub-account's id, or the demo wallet address (address-mode coins). */
  owner: string;
  kind: 'account' | 'address';
  coin: string;
  /** Mean hashrate, H/s. */
  hashrate: number;
  /** Its workers: the share difficulty of its points is the simulator's for its mean worker. */
  workers: number;
}

async function demoFarms(accounts: AccountDirectory): Promise<Farm[]> {
  const ids = await accounts.idsByNames(DEMO_ACCOUNTS);
  const farms = new Map<string, Farm>();
  for (const w of DEMO_WORKERS) {
    const owner = w.address ?? (w.account && ids.get(w.account.toLowerCase()));
    if (!owner) continue;
    const key = `${owner}:${w.coin}`;
    const share = w.onMinutes / (w.onMinutes + w.offMinutes);
    const farm: Farm = farms.get(key) ?? { owner, kind: w.address ? 'address' : 'account', coin: w.coin, hashrate: 0, workers: 0 };
    farm.hashrate += w.hashrate * share;
    farm.workers += 1;
    farms.set(key, farm);
  }
  return [...farms.values()];
}

/** The earnings module's own settlement, and the mining history and accounts directory it settles from. */
export interface DemoSettlementDeps {
  settlement: SettlementService;
  history: HistoryService;
  accounts: AccountDirectory;
}

export async function seedDemoSettlements(db: Db, clock: Clock, pools: readonly PoolItem[], { settlement, history, accounts }: DemoSettlementDeps): Promise<void> {
  const farms = await demoFarms(accounts);
  if (farms.length === 0) return;
  const now = clock.now();
  const today = utcDay(now);
  const prices = new Map(pools.map((p) => [p.coin, p.price_usd]));
  const walk = new SimulatedMarketData();
  /** Per coin, back from today's seed values: the day -> its values. */
  const market = new Map<string, Map<string, MarketValues>>();
  const marketOf = (code: string, day: string): MarketValues => {
    if (day >= today) throw new Error(`the demo writes past days only, not ${day}`);
    const coin = findCoin(code)!;
    let days = market.get(code);
    if (!days) market.set(code, (days = new Map([[today, seedValues(coin, prices.get(code) ?? null)]])));
    for (let d = addDays(today, -1); !days.has(day); d = addDays(d, -1)) days.set(d, walk.before(coin, addDays(d, 1), days.get(addDays(d, 1))!));
    return days.get(day)!;
  };
  for (let back = DEMO_SETTLED_DAYS; back >= 1; back--) {
    const day = addDays(today, -back);
    const from = dayStart(day);
    const to = dayStart(addDays(day, 1));
    const coins = new Set<string>();
    for (const farm of farms) {
      const coin = findCoin(farm.coin)!;
      if (await history.ownerHasPoints(farm.coin, farm.owner, from, to, { withWork: false })) continue; // mined (or seeded) that day already
      if (farm.kind === 'account') {
        coins.add(farm.coin);
        await insertMissingMarketDays(db, [{ coin: farm.coin, day, ...marketOf(farm.coin, day), source: walk.sourceOf(), updatedAt: now }]);
      }
      const points = Array.from({ length: 24 }, (_, hour) => {
        const luck = Math.max(0.5, 1 + 0.04 * deterministicNormal('demo-history', farm.owner, farm.coin, day, String(hour)));
        const work = farm.hashrate * 3600 * luck;
        // About a share every 10 s per worker, as the simulator sends them (a fixed difficulty
        // made hundreds of millions of shares an hour for the coins with few hashes per unit of
        // difficulty).
        const difficulty = vardiff(farm.coin, farm.hashrate / farm.workers);
        const accepted = Math.round(work / (difficulty * coin.hashesPerDifficulty));
        const rejected = Math.round(accepted * 0.006);
        return {
          coin: farm.coin,
          owner: farm.owner,
          bucket: new Date(from.getTime() + hour * 3_600_000),
          resolution: 3600,
          acceptedWork: work,
          rejectedWork: rejected * difficulty * coin.hashesPerDifficulty,
          accepted,
          rejected,
        };
      });
      await history.writeOwnerPoints(points);
    }
    // Each day's credit dated when the daily settlement would have made it (01:05 UTC the day after,
    // never later than now), not all seven at the moment the demo was seeded.
    const postedAt = new Date(Math.min(to.getTime() + SETTLE_AFTER_MS, now.getTime()));
    for (const coin of coins) await settlement.settleCoinDay(coin, day, { postedAt });
  }
}
