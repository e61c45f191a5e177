// Market data (docs/operator-guide.md, section 13): network difficulty, block subsidy, average transaction
// fees per block and the coin's price, per coin and UTC day. The default adapter starts from seed
// values and simulates each next day from the day before (a small, deterministic random walk, so
// two instances and a re-run produce the same day); a provider adapter can replace it. Operators
// can overwrite any day; the job never touches a day an operator set.
import { createHash } from 'node:crypto';
import { LedgerDecimal as Decimal } from '../ledger';
import type { CoinInfo } from '@hashpool/shared';

export interface MarketValues {
  /** In the pool's difficulty unit: one block per networkDifficulty x hashesPerDifficulty hashes. */
  networkDifficulty: string;
  blockSubsidy: string;
  avgFeesPerBlock: string;
  priceUsd: string | null;
}

export interface MarketDataAdapter {
  /** Written to market_data.source for the coin's days. */
  sourceOf(coin: CoinInfo): string;
  /**
   * The values of `day`, given those of the day before; null while the day's values are not known
   * yet (a day a node measures is written once it has ended). Throws when its source cannot answer.
   */
  next(coin: CoinInfo, day: string, previous: MarketValues): Promise<MarketValues | null>;
}

/**
 * Starting values, late 2026, rounded: [network hashrate H/s, block subsidy, average fees per block].
 * The difficulty is derived from the hashrate so that it is in the pool's unit:
 * D = hashrate x block time / hashes per difficulty (BTC: 9.3e20 x 600 / 2^32 = 1.3e14, about the
 * real network's). Subsidies are the miner's part of the block reward. Operators correct them (a
 * halving, a fork) in the admin area; a provider adapter replaces them.
 */
export const MARKET_SEED: Record<string, [hashrate: number, subsidy: string, fees: string]> = {
  btc: [9.3e20, '3.125', '0.025'],
  ltc: [2.7e15, '6.25', '0.01'],
  doge: [2.6e15, '10000', '2'],
  // EthereumPoW (ETHW): about 40 TH/s since the merge left it (an E9 Pro, 3.68 GH/s, makes about 1.2 ETHW a day).
  eth: [4e13, '2', '0.001'],
  xmr: [5.5e9, '0.6', '0.005'],
  zec: [1.2e10, '1.25', '0.0005'],
  dash: [4e15, '0.58', '0.0001'],
  dcr: [4e16, '0.09', '0.0001'],
  rvn: [6e12, '1250', '0.5'],
  erg: [2.5e13, '6', '0.01'],
  kda: [5e17, '0.9', '0.0001'],
  hns: [1e17, '1000', '0.5'],
  lbc: [2e12, '0.5', '0.0001'],
  ckb: [4e17, '1900', '0.01'],
  stc: [1e10, '1', '0'],
  sc: [1.5e15, '30000', '10'],
  scp: [2e13, '10', '0.01'],
  cfx: [4e11, '1', '0'],
  'grin-c32': [3e3, '60', '0'],
  pmeer: [1e15, '10', '0'],
  alph: [1.2e16, '0.4', '0.001'],
  kas: [1e18, '55', '0.01'],
  sumo: [2e7, '20', '0'],
  zeph: [5e8, '2.5', '0'],
  aleo: [5e9, '9', '0'],
  xtm: [5e14, '13000', '0'],
};

/** The seed values of a coin; `priceUsd` comes from the coin registry (GET /pools). */
export function seedValues(coin: CoinInfo, priceUsd: string | null): MarketValues {
  const [hashrate, subsidy, fees] = MARKET_SEED[coin.code] ?? [1e9, '1', '0'];
  const difficulty = new Decimal(hashrate).times(coin.blockTimeSeconds).div(coin.hashesPerDifficulty);
  return { networkDifficulty: roundDifficulty(difficulty), blockSubsidy: subsidy, avgFeesPerBlock: fees, priceUsd };
}

/** Four significant digits, written out in full ("130000000000000", "0.1234"). */
function roundDifficulty(d: Decimal): string {
  return d.toSignificantDigits(4, Decimal.ROUND_HALF_UP).toFixed();
}

/** A standard normal number from a hash: the same coin and day always give the same draw. */
export function deterministicNormal(...parts: string[]): number {
  const h = createHash('sha256').update(parts.join('\n')).digest();
  const u1 = (h.readUInt32BE(0) + 1) / 4_294_967_297;
  const u2 = h.readUInt32BE(4) / 4_294_967_296;
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** Daily drift and spread of the walk: difficulty creeps up, prices and fees wander. */
const WALK = {
  difficulty: { drift: 0.001, spread: 0.01 },
  price: { drift: 0, spread: 0.02 },
  fees: { drift: 0, spread: 0.05 },
} as const;

/** The factor by which `what` moves from the day before to `day`. */
function factor(coin: string, day: string, what: keyof typeof WALK): Decimal {
  const { drift, spread } = WALK[what];
  // Clamped to +-3 spreads, so no day moves a value by more than a few percent.
  const z = Math.max(-3, Math.min(3, deterministicNormal(coin, day, what)));
  return new Decimal(1 + drift + spread * z);
}

function step(value: string, coin: string, day: string, what: keyof typeof WALK): Decimal {
  return new Decimal(value).times(factor(coin, day, what));
}

export class SimulatedMarketData implements MarketDataAdapter {
  sourceOf(): string {
    return 'simulated';
  }

  async next(coin: CoinInfo, day: string, previous: MarketValues): Promise<MarketValues> {
    return {
      networkDifficulty: roundDifficulty(step(previous.networkDifficulty, coin.code, day, 'difficulty')),
      // The subsidy changes at halvings only, which operators enter.
      blockSubsidy: previous.blockSubsidy,
      avgFeesPerBlock: step(previous.avgFeesPerBlock, coin.code, day, 'fees').toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed(),
      priceUsd: previous.priceUsd === null ? null : step(previous.priceUsd, coin.code, day, 'price').toSignificantDigits(6, Decimal.ROUND_HALF_UP).toFixed(),
    };
  }

  /**
   * The walk taken backwards: the values of the day before `day` from which the walk leads to
   * `values` (to within the rounding of the written figures). The demo's past days come from it, so
   * that they lead up to the seed day instead of repeating it.
   */
  before(coin: CoinInfo, day: string, values: MarketValues): MarketValues {
    const back = (value: string, what: keyof typeof WALK) => new Decimal(value).div(factor(coin.code, day, what));
    return {
      networkDifficulty: roundDifficulty(back(values.networkDifficulty, 'difficulty')),
      blockSubsidy: values.blockSubsidy,
      avgFeesPerBlock: back(values.avgFeesPerBlock, 'fees').toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed(),
      priceUsd: values.priceUsd === null ? null : back(values.priceUsd, 'price').toSignificantDigits(6, Decimal.ROUND_HALF_UP).toFixed(),
    };
  }
}

/**
 * The market values of another adapter with the price of the price feed (or the operators'
 * manual prices): `priceOf` gives the coin's fresh price for the day, or null when there is none
 * (stale, unknown, or a past day): a day without a price makes the work priced from it wait
 * instead of using a wrong price.
 */
export class FeedPricedMarketData implements MarketDataAdapter {
  constructor(
    private readonly inner: MarketDataAdapter,
    private readonly priceOf: (coin: string, day: string) => Promise<string | null>,
  ) {}

  sourceOf(coin: CoinInfo): string {
    return this.inner.sourceOf(coin);
  }

  async next(coin: CoinInfo, day: string, previous: MarketValues): Promise<MarketValues | null> {
    const values = await this.inner.next(coin, day, previous);
    return values && { ...values, priceUsd: await this.priceOf(coin.code, day) };
  }
}
