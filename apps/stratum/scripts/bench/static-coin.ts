// A coin for the stratum benchmark: one fixed block template turned into a real job by the real
// JobBuilder, and shares checked by the real ShareChecker (coinbase → merkle root → header → PoW
// hash → targets). Only the node is missing: there is no RPC, and the network target is that of a
// main-network block, so no benchmark share is ever a block.
import { randomBytes } from 'node:crypto';
import { algorithmForCoin } from '../../src/coin/algorithm.js';
import { publicJob, versionRollingMask } from '../../src/coin/bitcoin-family.js';
import { JobBuilder, JobStore } from '../../src/coin/job-builder.js';
import { ShareChecker } from '../../src/coin/share-check.js';
import type { BlockTemplate } from '../../src/coin/template.js';
import type { CoinWork } from '../../src/coin/types.js';

/** nBits of real main-network blocks (Bitcoin ~900,000, Litecoin ~2,900,000): a share is never a block. */
const MAINNET_BITS = { btc: '17023a04', ltc: '19311d8a' } as const;

export interface StaticCoin extends CoinWork {
  /** Merkle branch length of the job: every share folds the coinbase through this many hashes. */
  readonly branchLength: number;
}

export function staticCoinWork(coin: 'btc' | 'ltc', transactions: number): StaticCoin {
  const algorithm = algorithmForCoin(coin);
  const curtime = Math.floor(Date.now() / 1000);
  const template: BlockTemplate = {
    version: 0x20000000,
    previousblockhash: randomBytes(32).toString('hex'),
    transactions: Array.from({ length: transactions }, () => ({ data: '', txid: randomBytes(32).toString('hex') })),
    coinbasevalue: 312_500_000,
    target: '',
    mintime: curtime - 3600,
    curtime,
    bits: MAINNET_BITS[coin],
    height: 900_000,
  };
  // A P2WPKH output: the payout script's shape matters for the coinbase's size, not its owner.
  const payoutScript = Buffer.concat([Buffer.from([0x00, 0x14]), randomBytes(20)]);
  const job = new JobBuilder(algorithm, payoutScript, '/hashpool-bench/').build(template, true);
  const jobs = new JobStore();
  jobs.add(job);
  const checker = new ShareChecker(algorithm, jobs, async () => {
    throw new Error('the benchmark job cannot make a block');
  });
  const announced = publicJob(job);
  return {
    coin,
    poolUnitPerStratumDifficulty: algorithm.poolUnitPerStratumDifficulty,
    versionRollingMask: versionRollingMask(coin),
    branchLength: job.branch.length,
    currentJob: () => announced,
    onJob: () => undefined,
    check: (submission) => checker.check(submission),
    refreshWork: () => undefined,
    start: async () => undefined,
    stop: async () => undefined,
  };
}
