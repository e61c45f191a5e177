// Network data from a coin's own node (bitcoind-style, for btc, ltc and doge where the coin's
// chain is a wallet node: CHAIN_ADAPTER(S)=jsonrpc with its WALLET_RPC_URLS entry). A UTC day is
// measured once it has ended, from the node's blocks of that day:
//   network difficulty = the mean difficulty of the day's blocks, in the pool's unit (node
//                        difficulty × 2^32 / the coin's hashes per difficulty: × 65,536 for Scrypt,
//                        docs/stratum-integration.md §5);
//   block subsidy      = the subsidy of the day's last block (getblockstats);
//   average fees       = the mean `totalfee` of the day's blocks.
// A day without blocks keeps the difficulty and subsidy of the last block before its end, with no
// fees. Coins without a node get their values from the other adapter (the demo walk). The price is
// not the node's: the caller's price adapter sets it.
import { LedgerDecimal as Decimal } from '../ledger';
import type { CoinInfo } from '@hashpool/shared';
import { nodeRpc } from '../../platform/node-rpc';
import type { MarketDataAdapter, MarketValues } from './market-data';

/** The coins whose nodes speak bitcoind's RPC (getblockstats, getblockheader). */
const BITCOIN_FAMILY = new Set(['btc', 'ltc', 'doge']);
/** Bitcoin's difficulty 1 stands for 2^32 hashes; every bitcoin-family node reports against it. */
const NODE_HASHES_PER_DIFFICULTY = 2 ** 32;

/**
 * A bitcoin-family node's difficulty in the pool's unit (docs/stratum-integration.md §5): times
 * 2^32 over the coin's hashes per difficulty, so 1 for SHA-256d and 65,536 for Scrypt.
 */
export function poolDifficulty(nodeDifficulty: Decimal | number, hashesPerDifficulty: number): Decimal {
  return new Decimal(nodeDifficulty).times(NODE_HASHES_PER_DIFFICULTY).div(hashesPerDifficulty);
}

/**
 * A coin node's difficulty in the pool's unit, where the unit is known: the bitcoin family's nodes
 * measure against Bitcoin's difficulty 1. Null for another coin (Zcash's node, for one, measures
 * against its own limit), whose difficulty is then the stratum's word.
 */
export function nodeDifficultyInPoolUnit(coin: Pick<CoinInfo, 'code' | 'hashesPerDifficulty'>, nodeDifficulty: number): number | null {
  return BITCOIN_FAMILY.has(coin.code) ? poolDifficulty(nodeDifficulty, coin.hashesPerDifficulty).toNumber() : null;
}
const DAY_MS = 86_400_000;

type Call = <T>(method: string, params: unknown[]) => Promise<T>;

interface BlockStats {
  subsidy: number;
  totalfee: number;
  blockhash: string;
}

/** The first height from `lo` whose block time is at or after `time` (block times rise with height, give or take the median rule). */
async function firstAtOrAfter(call: Call, time: number, tip: number): Promise<number> {
  let lo = 0;
  let hi = tip + 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const header = await call<{ time: number }>('getblockheader', [await call<string>('getblockhash', [mid])]);
    if (header.time >= time) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The day's network values measured by the node (see the top of this file). */
export async function measureDay(call: Call, coin: CoinInfo, day: string): Promise<Omit<MarketValues, 'priceUsd'>> {
  const start = Date.parse(`${day}T00:00:00Z`) / 1000;
  const tip = await call<number>('getblockcount', []);
  const from = await firstAtOrAfter(call, start, tip);
  const to = (await firstAtOrAfter(call, start + DAY_MS / 1000, tip)) - 1;
  const heights = to >= from ? Array.from({ length: to - from + 1 }, (_, i) => from + i) : [Math.max(to, 0)];
  let difficulty = new Decimal(0);
  let fees = new Decimal(0);
  let subsidy = new Decimal(0);
  for (const height of heights) {
    const stats = await call<BlockStats>('getblockstats', [height, ['subsidy', 'totalfee', 'blockhash']]);
    const header = await call<{ difficulty: number }>('getblockheader', [stats.blockhash]);
    difficulty = difficulty.plus(header.difficulty);
    fees = fees.plus(stats.totalfee);
    subsidy = new Decimal(stats.subsidy);
  }
  const base = new Decimal(10).pow(coin.baseDecimals);
  return {
    networkDifficulty: poolDifficulty(difficulty.div(heights.length), coin.hashesPerDifficulty).toSignificantDigits(12, Decimal.ROUND_HALF_UP).toFixed(),
    blockSubsidy: subsidy.div(base).toFixed(),
    // No block in the day: no fees were paid in it.
    avgFeesPerBlock: to >= from ? fees.div(heights.length).div(base).toDecimalPlaces(coin.baseDecimals, Decimal.ROUND_HALF_UP).toFixed() : '0',
  };
}

export class NodeMarketData implements MarketDataAdapter {
  constructor(
    /** The adapter of the coins without a node. */
    private readonly others: MarketDataAdapter,
    /** The node of a coin, when its chain is a wallet node. */
    private readonly nodeOf: (coin: string) => string | null,
    private readonly now: () => Date,
    private readonly timeoutMs: number,
  ) {}

  private node(coin: CoinInfo): string | null {
    return BITCOIN_FAMILY.has(coin.code) ? this.nodeOf(coin.code) : null;
  }

  sourceOf(coin: CoinInfo): string {
    return this.node(coin) ? 'node' : this.others.sourceOf(coin);
  }

  async next(coin: CoinInfo, day: string, previous: MarketValues): Promise<MarketValues | null> {
    const url = this.node(coin);
    if (!url) return this.others.next(coin, day, previous);
    // The day's blocks are all there only once it has ended.
    if (this.now().getTime() < Date.parse(`${day}T00:00:00Z`) + DAY_MS) return null;
    const call: Call = (method, params) => nodeRpc(url, method, params, this.timeoutMs);
    return { ...(await measureDay(call, coin, day)), priceUsd: previous.priceUsd };
  }
}
