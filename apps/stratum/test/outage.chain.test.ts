// Nothing lost: miners keep submitting real Scrypt shares while the
// API is stopped for two minutes, and the stratum process is killed (SIGKILL) once in the middle
// and started again on the same outbox. When the API is back, every share the stratum answered
// `true` is counted by the pool exactly once: never fewer (the outbox lost nothing), and at most
// one more per connection than answered (a share on disk whose answer the kill cut off), never a
// batch counted twice. A real Litecoin regtest node gives the jobs; Hashpool runs on PGlite, or
// PostgreSQL with TEST_DATABASE_URL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/src/db/client';
import { FakeClock } from '../../server/src/platform/clock';
import { auth, inject, registerByEmail } from '../../server/test/account-helpers';
import { SmtpInbox } from '../../server/test/smtp-inbox';
import { body, startTestApp, type TestApp } from '../../server/test/test-app';
import { TestMiner, shareTarget, targetFromNbits } from './miner';
import { freePort, startRegtestPair, type RegtestPair } from './regtest';
import { startStratumProcess, until, type StratumProcess } from './stratum-process';

const KEY = 'stratum-outage-test-ingest-key-0123';
let account = '';
const inbox = new SmtpInbox();
const RIGS = ['w1', 'w2', 'w3'];
const OUTAGE_MS = 120_000;

/** The wall clock: shares are stamped by the stratum's clock and the API checks their time against its own. */
class WallClock extends FakeClock {
  override now(): Date {
    return new Date();
  }
}

let pair: RegtestPair;
let t: TestApp;
let api: FastifyInstance | undefined;
let apiPort = 0;
let stratum: StratumProcess | undefined;
let stratumPort = 0;
let config: Record<string, unknown>;
const dataDir = mkdtempSync(path.join(tmpdir(), 'hp-outage-'));
const configFile = path.join(dataDir, 'stratum.json');

/** The API the stratum reports to: a server instance on the test's database, on a fixed port. */
async function startApi(): Promise<void> {
  api = await t.sibling();
  await api.listen({ port: apiPort, host: '127.0.0.1' });
}

beforeAll(async () => {
  pair = await startRegtestPair();
  const [node, other] = pair.nodes;
  await other.rpc.call('createwallet', ['w']);
  const elsewhere = await other.rpc.call<string>('getnewaddress', ['', 'bech32']);
  await other.rpc.call('generatetoaddress', [101, elsewhere]);
  await until('both nodes at height 101', async () => (await node.rpc.call<number>('getblockcount')) === 101);

  t = await startTestApp({ clock: new WallClock(), env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', INGEST_KEYS: KEY }, demo: false });
  const user = await registerByEmail(t.app, inbox);
  account = body<{ current_account: { name: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(user.tokens) })).data.current_account.name;
  // Both are stopped and started again on their port during the test.
  apiPort = await freePort(true);
  await startApi();
  stratumPort = await freePort(true);
  config = {
    instanceId: 'outagetest',
    instancePrefix: 9,
    poolUrl: `http://127.0.0.1:${apiPort}`,
    ingestKey: KEY,
    dataDir: path.join(dataDir, 'data'),
    listenHost: '127.0.0.1',
    publicHost: '127.0.0.1',
    metricsPort: 0,
    // Regtest's network target passes about every other hash; the difficulty is pinned below it so
    // that a share is found in two hashes and most shares are not blocks (those the miners skip).
    coins: [{ coin: 'ltc', network: 'regtest', rpc: { url: node.rpcUrl, user: node.rpcUser, password: node.rpcPassword }, payoutAddress: elsewhere, coinbaseTag: '/hashpool-test/', ports: [{ port: stratumPort, startDifficulty: 0.00001, minDifficulty: 0.00001, maxDifficulty: 0.00001 }] }],
  };
  stratum = await startStratumProcess(configFile, config);
}, 180_000);

afterAll(async () => {
  await stratum?.stop();
  await t?.close();
  await pair?.stop();
  await inbox.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** One rig: solves and submits one share at a time, reconnecting whenever the stratum goes away. */
class Rig {
  answeredTrue = 0;
  /** Submits whose connection closed before the answer (the share may be on disk). */
  cutOff = 0;
  private stopped = false;
  private extranonce2 = 0;
  readonly done: Promise<void>;

  constructor(readonly worker: string) {
    this.done = this.run();
  }

  stop(): void {
    this.stopped = true;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const miner = new TestMiner('127.0.0.1', stratumPort, 'scrypt');
      try {
        await miner.connect();
        if (!(await miner.login(`${account}.${this.worker}`)).authorized) throw new Error('not authorized');
        while (!this.stopped && !miner.closed) {
          const job = miner.currentJob!;
          this.extranonce2 += 1;
          const share = miner.solve(job, { extranonce2: this.extranonce2.toString(16).padStart(8, '0'), target: shareTarget('scrypt', miner.difficulty), above: targetFromNbits(job.nbits) });
          const answer = await miner.submit(`${account}.${this.worker}`, share);
          if (answer.result === true) this.answeredTrue += 1;
          else if (answer.error === 'closed') this.cutOff += 1;
          // Let the other rigs and the test's API in (the hashing above is synchronous).
          await new Promise((resolve) => setImmediate(resolve));
        }
      } catch {
        // The stratum is restarting: try again shortly.
      }
      miner.close();
      if (!this.stopped) await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function countedByPool(): Promise<Map<string, number>> {
  const rows = await queryRows<{ name: string; accepted: string }>(
    t.database.db,
    sql`select w.name, sum(m.accepted)::text as accepted
          from workers w
          join mining_accounts a on a.id = w.account_id
          join (select worker_id, accepted from share_minutes union all select worker_id, accepted from share_minutes_late) m on m.worker_id = w.id
         where a.name = ${account} and w.coin = 'ltc'
         group by w.name`,
  );
  return new Map(rows.map((r) => [r.name, Number(r.accepted)]));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('nothing lost: an API outage of two minutes and a killed stratum process', () => {
  it('counts every share answered true exactly once', async () => {
    const rigs = RIGS.map((w) => new Rig(w));
    await pause(5_000);
    // The API stops; the stratum keeps answering into its outbox.
    await api!.close();
    api = undefined;
    const outageStarted = Date.now();
    await pause(20_000);
    // A crash in the middle of the outage: the outbox on disk is all that is left of this process.
    await stratum!.kill();
    stratum = await startStratumProcess(configFile, config);
    await pause(Math.max(0, OUTAGE_MS - (Date.now() - outageStarted)));
    await startApi();
    await pause(5_000);
    for (const rig of rigs) rig.stop();
    await Promise.all(rigs.map((r) => r.done));
    const answered = new Map(rigs.map((r) => [r.worker, r.answeredTrue]));
    expect(rigs.every((r) => r.answeredTrue > 50), JSON.stringify([...answered])).toBe(true);

    // The outbox retries with back-off (at most 30 s apart): wait until every answered share is in.
    const counted = await until(
      'every answered share counted',
      async () => {
        const c = await countedByPool();
        return rigs.every((r) => (c.get(r.worker) ?? 0) >= r.answeredTrue) ? c : undefined;
      },
      120_000,
      () => `answered ${JSON.stringify([...answered])}\n${stratum?.log()}`,
    ).catch(async (err) => {
      throw new Error(`${(err as Error).message}\ncounted now: ${JSON.stringify([...(await countedByPool())])}`);
    });
    // A few seconds more: nothing else arrives (a batch sent twice would show here).
    await pause(3_000);
    const final = await countedByPool();
    console.warn(`outage test: ${rigs.map((r) => `${r.worker} answered true ${r.answeredTrue}, cut off ${r.cutOff}, counted ${final.get(r.worker)}`).join('; ')}`);
    for (const rig of rigs) {
      expect(final.get(rig.worker), rig.worker).toBeGreaterThanOrEqual(rig.answeredTrue);
      expect(final.get(rig.worker), rig.worker).toBeLessThanOrEqual(rig.answeredTrue + rig.cutOff);
    }
    expect(counted.size).toBe(RIGS.length);
  }, 300_000);
});
