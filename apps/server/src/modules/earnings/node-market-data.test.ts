// Network data from a coin's node: a day is measured from its own blocks once it has ended, in the
// pool's difficulty unit (× 65,536 for Scrypt), with the last block's subsidy and the mean fees;
// a hand-computed Litecoin vector. Coins without a node walk as before.
import { describe, expect, it } from 'vitest';
import { findCoin } from '@hashpool/shared';
import { measureDay, nodeDifficultyInPoolUnit, NodeMarketData } from './node-market-data';
import { SimulatedMarketData } from './market-data';

const LTC = findCoin('ltc')!;
const BTC = findCoin('btc')!;
const DAY = '2026-11-27';
const at = (iso: string) => Date.parse(iso) / 1000;

/** A node's chain: height -> block (time, node difficulty, subsidy and fees in base units). */
function fakeNode(blocks: Array<{ time: number; difficulty: number; subsidy: number; totalfee: number }>) {
  const calls: string[] = [];
  const call = async <T>(method: string, params: unknown[]): Promise<T> => {
    calls.push(method);
    const byHash = (hash: unknown) => blocks[Number(String(hash).slice(1))]!;
    switch (method) {
      case 'getblockcount':
        return (blocks.length - 1) as T;
      case 'getblockhash':
        return `h${params[0] as number}` as T;
      case 'getblockheader':
        return { time: byHash(params[0]).time, difficulty: byHash(params[0]).difficulty } as T;
      case 'getblockstats': {
        const b = blocks[params[0] as number]!;
        return { subsidy: b.subsidy, totalfee: b.totalfee, blockhash: `h${params[0] as number}` } as T;
      }
      default:
        throw new Error(`unexpected ${method}`);
    }
  };
  return { call, calls };
}

const CHAIN = [
  { time: at('2026-11-26T23:50:00Z'), difficulty: 0.25, subsidy: 625_000_000, totalfee: 9_999 },
  // The day: three blocks.
  { time: at('2026-11-27T00:00:00Z'), difficulty: 0.5, subsidy: 625_000_000, totalfee: 1_000 },
  { time: at('2026-11-27T12:00:00Z'), difficulty: 0.5, subsidy: 625_000_000, totalfee: 2_000 },
  { time: at('2026-11-27T23:59:59Z'), difficulty: 1, subsidy: 312_500_000, totalfee: 3_000 },
  { time: at('2026-11-28T00:00:00Z'), difficulty: 8, subsidy: 312_500_000, totalfee: 7_777 },
];

describe('nodeDifficultyInPoolUnit', () => {
  it('takes a bitcoin-family node\'s difficulty to the pool\'s unit, and no other coin\'s', () => {
    expect(nodeDifficultyInPoolUnit(findCoin('btc')!, 1500)).toBe(1500);
    expect(nodeDifficultyInPoolUnit(findCoin('ltc')!, 2.5)).toBe(2.5 * 65536);
    expect(nodeDifficultyInPoolUnit(findCoin('doge')!, 1)).toBe(65536);
    // Zcash's node measures against its own limit: its word is not taken.
    expect(nodeDifficultyInPoolUnit(findCoin('zec')!, 1)).toBeNull();
  });
});

describe('measureDay', () => {
  it('Litecoin: the mean difficulty × 65,536, the last block\'s subsidy, the mean fees', async () => {
    // (0.5 + 0.5 + 1) / 3 × 65,536 = 43,690.666…; 312,500,000 litoshi; (1,000 + 2,000 + 3,000) / 3 = 2,000 litoshi.
    expect(await measureDay(fakeNode(CHAIN).call, LTC, DAY)).toEqual({ networkDifficulty: '43690.6666667', blockSubsidy: '3.125', avgFeesPerBlock: '0.00002' });
  });

  it('Bitcoin: node difficulty is already the pool unit', async () => {
    expect((await measureDay(fakeNode(CHAIN).call, BTC, DAY)).networkDifficulty).toBe('0.666666666667');
  });

  it('a day without blocks keeps the last block\'s difficulty and subsidy, with no fees', async () => {
    const quiet = [CHAIN[0]!, CHAIN[4]!];
    expect(await measureDay(fakeNode(quiet).call, LTC, DAY)).toEqual({ networkDifficulty: '16384', blockSubsidy: '6.25', avgFeesPerBlock: '0' });
  });
});

describe('NodeMarketData', () => {
  const previous = { networkDifficulty: '1', blockSubsidy: '6.25', avgFeesPerBlock: '0', priceUsd: '80' };

  it('waits until the day has ended, and walks the coins without a node', async () => {
    let now = new Date('2026-11-27T23:59:00Z');
    const adapter = new NodeMarketData(new SimulatedMarketData(), (coin) => (coin === 'ltc' ? 'http://u:p@127.0.0.1:9' : null), () => now, 1000);
    expect(await adapter.next(LTC, DAY, previous)).toBeNull();
    expect(adapter.sourceOf(LTC)).toBe('node');
    expect(adapter.sourceOf(BTC)).toBe('simulated');
    expect(await adapter.next(BTC, DAY, previous)).toMatchObject({ blockSubsidy: '6.25' });
    // Ended: the node is asked, and an unreachable node throws (the day waits).
    now = new Date('2026-11-28T00:05:00Z');
    await expect(adapter.next(LTC, DAY, previous)).rejects.toThrow();
  });
});
