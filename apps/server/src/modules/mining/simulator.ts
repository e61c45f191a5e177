// The demo share simulator: workers of demo sub-accounts send shares like real rigs do, with
// their hashrate's randomness (a Poisson number of shares per tick), ~1-2 % rejected or stale,
// and an on/off pattern so some go inactive and come back. It feeds the same ingest path as a
// stratum node (in process for `npm start`, over HTTP for `npm run simulate`). Demo only.
import { randomBytes } from 'node:crypto';
import { findCoin, type BlockEvent, type ShareEvent } from '@hashpool/shared';

export interface SimulatedWorker {
  coin: string;
  /** The demo sub-account (account-mode coins), or */
  account?: string;
  /** the demo wallet address (address-mode coins). */
  address?: string;
  /** The worker's IP, when it matters (ip-statistics); else one derived from its name. */
  ip?: string;
  worker: string;
  /** Mean hashrate, H/s. */
  hashrate: number;
  /** Minutes on, then minutes off, repeating (off = no shares: the worker turns inactive). */
  onMinutes: number;
  offMinutes: number;
}

/**
 * Demo wallet addresses of the address-mode coins: the coin's format (address-formats.ts) with
 * "DemoFarm" or "dem0" in them, so nobody takes them for a real miner's.
 */
const BASE58_FILL = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'.repeat(2);
export const DEMO_ADDRESSES: Record<string, string> = {
  aleo: `aleo1dem0${'q'.repeat(54)}`,
  kas: `kaspa:qdem0${'q'.repeat(56)}`,
  alph: `1DemoFarm${BASE58_FILL.slice(0, 36)}`,
  zeph: `ZEPHYRDemoFarm${BASE58_FILL.slice(0, 81)}`,
  sumo: `SumoDemoFarm${BASE58_FILL.slice(0, 87)}`,
  xtm: `DemoFarm${BASE58_FILL.slice(0, 83)}`,
};

/** About a hundred-thousandth of each address-mode network (market-data seed hashrates). */
const ADDRESS_COIN_HASHRATE: Record<string, number> = { aleo: 5e4, kas: 1e13, alph: 1.2e11, zeph: 5e3, sumo: 200, xtm: 5e9 };

/** The demo farm: ASICs on btc and ltc, a few of them flaky; and rigs mining the address-mode coins to demo addresses. */
export const DEMO_WORKERS: SimulatedWorker[] = [
  ...Array.from({ length: 8 }, (_, i) => ({ coin: 'btc', account: 'demofarm01', worker: `s19k${i + 1}`, hashrate: 120e12 + i * 7e12, onMinutes: i === 6 ? 40 : 100_000, offMinutes: i === 6 ? 25 : 0 })),
  ...Array.from({ length: 4 }, (_, i) => ({ coin: 'ltc', account: 'demofarm02', worker: `l7n${i + 1}`, hashrate: 9.05e9 + i * 0.3e9, onMinutes: i === 3 ? 30 : 100_000, offMinutes: i === 3 ? 20 : 0 })),
  // Three rigs per address, two of them behind one IP (the aleo ip-statistics page groups by IP).
  ...Object.entries(DEMO_ADDRESSES).flatMap(([coin, address]) =>
    Array.from({ length: 3 }, (_, i) => ({ coin, address, worker: `rig${i + 1}`, ip: `198.51.100.${i < 2 ? 10 : 20}`, hashrate: ADDRESS_COIN_HASHRATE[coin]! * (1 + i / 4), onMinutes: 100_000, offMinutes: 0 })),
  ),
];

/**
 * Network difficulty the demo reports per coin, about the real networks' in late 2026 (seeded
 * values: operators' market-data adapter of the earnings module replaces them).
 */
export const DEMO_NETWORK_DIFFICULTY: Record<string, number> = {
  btc: 1.3e14,
  ltc: 9.5e7,
  // network hashrate x block time / hashes per difficulty, from the market-data seed
  aleo: 5e10,
  kas: 1e18 / 2 ** 32,
  alph: (1.2e16 * 16) / 2 ** 32,
  zeph: 5e8 * 120,
  sumo: 2e7 * 240,
  xtm: 5e14 * 120,
};

/**
 * Network reports, and blocks found with the probability the demo's hashrate gives
 * (work / (difficulty x hashes per difficulty)): for the demo farm on btc that is about once in
 * decades, as it would be; a found block is reported like a stratum node would.
 */
export function simulateBlockEvents(workers: SimulatedWorker[], from: number, to: number, height: number, random: () => number = Math.random): BlockEvent[] {
  const events: BlockEvent[] = [];
  for (const [coin, difficulty] of Object.entries(DEMO_NETWORK_DIFFICULTY)) {
    const info = findCoin(coin)!;
    events.push({ type: 'network', coin, difficulty, height, time: to });
    const mine = workers.filter((w) => w.coin === coin);
    const work = mine.reduce((sum, w) => sum + (w.hashrate * (to - from)) / 1000, 0);
    if (mine.length && random() < work / (difficulty * info.hashesPerDifficulty)) {
      const finder = mine[Math.floor(random() * mine.length)]!;
      const owner = finder.address ? { address: finder.address } : { account: finder.account };
      events.push({ type: 'found', coin, height, hash: randomBytes(32).toString('hex'), reward: DEMO_BLOCK_REWARD[coin] ?? '1', ...owner, worker: finder.worker, difficulty, time: to });
    }
  }
  return events;
}

/** Block rewards of the demo's found blocks (subsidy and a little in fees). */
const DEMO_BLOCK_REWARD: Record<string, string> = { btc: '3.15', ltc: '6.26', aleo: '9', kas: '55', alph: '0.4', zeph: '2.5', sumo: '20', xtm: '13000' };

/** Knuth's method for small means, the normal approximation for large ones. */
function poisson(mean: number, random: () => number): number {
  if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * gaussian(random)));
  const limit = Math.exp(-mean);
  let k = 0;
  for (let p = random(); p > limit; p *= random()) k++;
  return k;
}

function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** Share difficulty a stratum server would set: about one share per 10 s per worker. */
export function vardiff(coin: string, hashrate: number): number {
  const factor = findCoin(coin)?.hashesPerDifficulty ?? 1;
  return Math.max(1, Math.round((hashrate * 10) / factor));
}

export function simulateShares(workers: SimulatedWorker[], from: number, to: number, random: () => number = Math.random): ShareEvent[] {
  const shares: ShareEvent[] = [];
  const seconds = (to - from) / 1000;
  for (const w of workers) {
    const cycle = (w.onMinutes + w.offMinutes) * 60_000;
    if (w.offMinutes > 0 && to % cycle >= w.onMinutes * 60_000) continue; // off now
    const difficulty = vardiff(w.coin, w.hashrate);
    const factor = findCoin(w.coin)?.hashesPerDifficulty ?? 1;
    const expected = (w.hashrate * seconds) / (difficulty * factor);
    const n = poisson(expected, random);
    for (let k = 0; k < n; k++) {
      const roll = random();
      shares.push({
        coin: w.coin,
        ...(w.address ? { address: w.address } : { account: w.account! }),
        worker: w.worker,
        difficulty,
        result: roll < 0.01 ? 'rejected' : roll < 0.015 ? 'stale' : 'accepted',
        ...(roll < 0.01 ? { reason: 'low difficulty' } : {}),
        ip: w.ip ?? `192.0.2.${10 + (w.worker.length % 50)}`,
        time: Math.floor(from + random() * (to - from)),
      });
    }
  }
  return shares;
}

/** Runs the simulator every `intervalMs`, handing each batch to `submit`. */
export function startSimulator(options: {
  workers: SimulatedWorker[];
  intervalMs: number;
  now: () => number;
  submit: (batchId: string, shares: ShareEvent[]) => Promise<unknown>;
  /** Network reports and found blocks, as a stratum node sends them. */
  blocks?: (events: BlockEvent[]) => Promise<unknown>;
  onError: (error: unknown) => void;
}): () => void {
  let last = options.now();
  const prefix = `sim-${randomBytes(4).toString('hex')}`;
  let n = 0;
  const timer = setInterval(() => {
    const now = options.now();
    const shares = simulateShares(options.workers, last, now);
    last = now;
    if (shares.length) options.submit(`${prefix}-${n++}`, shares).catch(options.onError);
    // A demo height that moves with time (one block per block time of btc).
    options.blocks?.(simulateBlockEvents(options.workers, last - options.intervalMs, now, Math.floor(now / 600_000))).catch(options.onError);
  }, options.intervalMs);
  return () => clearInterval(timer);
}
