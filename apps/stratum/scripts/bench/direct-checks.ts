// The share check alone, without sockets, JSON or the outbox: ShareChecker.check called in a loop
// with `inFlight` checks outstanding (Scrypt hashes run in the thread pool, so several at a time use
// every core). What a check costs by itself, next to what the server does per share in all.
import type { CoinWork } from '../../src/coin/types.js';

const hex8 = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
/** Shares of all runs are numbered in one sequence: a later run repeats none of an earlier one. */
let next = 0;

export async function directChecksPerSecond(coin: CoinWork, difficulty: number, ms: number, inFlight: number): Promise<number> {
  const job = coin.currentJob()!;
  let n = 0;
  let failed = 0;
  const until = performance.now() + ms;
  const started = performance.now();
  const lane = async () => {
    while (performance.now() < until) {
      const i = next++;
      n++;
      const result = await coin.check({
        jobId: job.id,
        // A extranonce1 of its own (prefix ff): no duplicate of the socket runs' shares.
        extranonce1: `ff${hex8(i >>> 16).slice(2)}`,
        extranonce2: hex8(i & 0xffff),
        ntime: job.ntime,
        nonce: hex8(i),
        versionMask: 0,
        difficulty,
        account: 'benchfarm',
        worker: 'direct',
      });
      if (!result.ok && result.code !== 23) failed++;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
  if (failed) throw new Error(`${failed} direct checks failed`);
  return n / ((performance.now() - started) / 1000);
}
