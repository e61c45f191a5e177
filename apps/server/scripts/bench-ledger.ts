// bench:ledger — postings per second through post() on PostgreSQL: single two-entry transfers
// from CONCURRENCY clients among HOLDERS holders, and settlement postings
// through postCredits (BULK accounts, one two-entry posting each), then the reconciliation, which must be clean. Fresh database per run.
//   npm run bench:ledger -- [--postings 20000] [--concurrency 16] [--holders 2000] [--bulk 50000] [--rounds 3]
import { randomUUID } from 'node:crypto';
import { FakeClock } from '../src/platform/clock';
import { post, postCredits, SYSTEM } from '../src/modules/ledger/ledger';
import { reconcile } from '../src/modules/ledger/reconciliation';
import { arg, openBenchDatabase } from './bench-database';

const POSTINGS = arg('postings', 20_000);
const CONCURRENCY = arg('concurrency', 16);
const HOLDERS = arg('holders', 2_000);
const BULK = arg('bulk', 50_000);
const ROUNDS = arg('rounds', 3);
const { database, drop } = await openBenchDatabase(new FakeClock('2026-09-01T12:00:00Z'));
const db = database.db;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  // Every holder starts with 1,000 BTC so transfers never run dry.
  const holders = Array.from({ length: HOLDERS }, () => randomUUID());
  for (let i = 0; i < holders.length; i += 5_000) {
    const chunk = holders.slice(i, i + 5_000);
    await post(db, {
      idempotencyKey: `bench:fund:${i}`,
      businessType: 'system_adjustment',
      entries: [{ holder: SYSTEM.adjustments, coin: 'btc', amount: String(-1000 * chunk.length) }, ...chunk.map((holder) => ({ holder, coin: 'btc', amount: '1000' }))],
    });
  }

  const singleRates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < POSTINGS) {
          const n = next++;
          const from = holders[(n * 7919) % HOLDERS]!;
          const to = holders[(n * 104_729 + 1) % HOLDERS]!;
          if (from === to) continue;
          await post(db, {
            idempotencyKey: `bench:${round}:${n}`,
            businessType: 'transfer',
            entries: [{ holder: from, coin: 'btc', amount: '-0.00012345' }, { holder: to, coin: 'btc', amount: '0.00012345' }],
          });
        }
      }),
    );
    const rate = POSTINGS / ((performance.now() - t0) / 1000);
    singleRates.push(rate);
    console.log(`single postings, round ${round + 1}: ${Math.round(rate)}/s`);
  }

  const bulkRates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Settlement: one "mining profit" posting per account (pool revenue -x, account +x), half of
    // the accounts new to the ledger and half already holding a balance.
    const credited = [...new Set(Array.from({ length: BULK }, (_, i) => (i % 2 ? holders[i % HOLDERS]! : randomUUID())))];
    const postings = credited.map((holder) => ({
      idempotencyKey: `bench:settlement:${round}:${holder}`,
      businessType: 'mining_profit',
      reference: `settlement:bench-${round}`,
      entries: [{ holder: SYSTEM.poolRevenue, coin: 'btc', amount: '-0.00000123' }, { holder, coin: 'btc', amount: '0.00000123' }],
    }));
    const t0 = performance.now();
    await postCredits(db, postings);
    const seconds = (performance.now() - t0) / 1000;
    const rate = (postings.length * 2) / seconds;
    bulkRates.push(rate);
    console.log(`bulk settlement, round ${round + 1}: ${postings.length} postings, ${postings.length * 2} entries, ${Math.round(rate)} entries/s`);
  }

  const t0 = performance.now();
  const report = await reconcile(db);
  console.log(`reconciliation: ${report.ok ? 'clean' : 'MISMATCH'} over ${report.postings} postings, ${report.entries} entries in ${Math.round(performance.now() - t0)} ms`);
  console.log(`\nledger-single-postings-per-second (median of ${ROUNDS}): ${Math.round(median(singleRates))} (goal >= 3000)`);
  console.log(`ledger-bulk-entries-per-second (median of ${ROUNDS}): ${Math.round(median(bulkRates))} (goal >= 50000)`);
  if (!report.ok) process.exitCode = 1;
} finally {
  await drop();
}
