// Share batches through NATS JetStream into the same ingest: counted once even when a batch is
// published twice, bad messages terminated, every good one acknowledged and then gone from the
// stream (a work queue: a pool's stream does not grow with every batch it ever took).
import { createHmac, randomBytes } from 'node:crypto';
import { connect, headers, RetentionPolicy, StorageType, type NatsConnection } from 'nats';
import { INGEST_SIGNATURE_HEADER } from '@hashpool/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { startNatsIngest, type NatsIngest } from '../src/modules/mining/nats-ingest';
import { NATS_URL, natsReachable } from './nats-reachable';
import { startTestApp, type TestApp } from './test-app';

const reachable = await natsReachable('the NATS ingest test');
const INGEST_KEYS = 'an-old-key-still-accepted,nats-ingest-test-key-01';

/** The headers of a message signed as a stratum node signs it (an HMAC of its bytes under `key`). */
function signedBy(key: string, body: string, name = INGEST_SIGNATURE_HEADER) {
  const h = headers();
  h.set(name, createHmac('sha256', key).update(body).digest('hex'));
  return { headers: h };
}

describe.skipIf(!reachable)('NATS JetStream ingest', () => {
  const stream = `TEST_SHARES_${randomBytes(4).toString('hex').toUpperCase()}`;
  let t: TestApp;
  let ingest: NatsIngest;
  let nc: NatsConnection;

  beforeAll(async () => {
    t = await startTestApp({ demo: true });
    t.clock.set(new Date());
    ingest = await startNatsIngest({ url: NATS_URL, stream, durable: 'test-ingest', ingest: t.app.modules.mining.ingest, ingestKeys: INGEST_KEYS, log: t.app.log });
    nc = await connect({ servers: NATS_URL });
  });
  afterAll(async () => {
    await ingest?.close();
    await (await nc?.jetstreamManager())?.streams.delete(stream).catch(() => undefined);
    await nc?.close();
    await t?.close();
  });

  it('counts each batch once and acknowledges every message', async () => {
    const js = nc.jetstream();
    const now = t.clock.now().getTime();
    const batch = (id: string, n: number) =>
      JSON.stringify({ batch_id: id, shares: Array.from({ length: n }, (_, i) => ({ coin: 'btc', account: 'demofarm01', worker: 'natsrig1', difficulty: 1, result: 'accepted', time: now - i * 1000 })) });
    const subject = `${stream.toLowerCase()}.node1`;
    const key = 'nats-ingest-test-key-01';
    await js.publish(subject, batch('nats-batch-a', 100), signedBy(key, batch('nats-batch-a', 100)));
    // Signed under the other key of INGEST_KEYS (a key change in progress).
    await js.publish(subject, batch('nats-batch-b', 50), signedBy('an-old-key-still-accepted', batch('nats-batch-b', 50)));
    await js.publish(subject, batch('nats-batch-a', 100), signedBy(key, batch('nats-batch-a', 100))); // a node re-sending after a lost answer
    await js.publish(subject, 'not json at all', signedBy(key, 'not json at all'));
    // A stratum node of another make that writes header names in lower case (NATS keeps the case).
    await js.publish(subject, batch('nats-batch-c', 25), signedBy(key, batch('nats-batch-c', 25), INGEST_SIGNATURE_HEADER.toLowerCase()));
    // Forgeries: no signature, a key the pool does not hold, another body's signature.
    await js.publish(subject, batch('nats-forged-1', 1000));
    await js.publish(subject, batch('nats-forged-2', 1000), signedBy('a-key-the-pool-lacks', batch('nats-forged-2', 1000)));
    await js.publish(subject, batch('nats-forged-3', 1000), signedBy(key, batch('nats-batch-b', 50)));
    const jsm = await nc.jetstreamManager();
    // A worker's share counts are written by the minute job's pass (worker-windows.repository.ts).
    const counted = async () => (await t.app.modules.mining.ingest.refreshWindows(), Number((await queryRows<{ n: string }>(t.database.db, sql`select accepted_shares::text as n from workers where name = 'natsrig1'`))[0]?.n ?? 0));
    // Wait until all eight messages were delivered and settled (acked or terminated).
    let info = await jsm.consumers.info(stream, 'test-ingest');
    for (let i = 0; i < 75 && (info.delivered.stream_seq < 8 || info.num_pending > 0 || info.num_ack_pending > 0); i++) {
      await new Promise((r) => setTimeout(r, 200));
      info = await jsm.consumers.info(stream, 'test-ingest');
    }
    expect(info.delivered.stream_seq).toBe(8);
    expect(info.num_pending).toBe(0);
    expect(info.num_ack_pending).toBe(0);
    expect(await counted()).toBe(175);
    const created = await jsm.streams.info(stream);
    expect(created.config.retention).toBe(RetentionPolicy.Workqueue);
    expect(created.config.storage).toBe(StorageType.File);
    expect(created.state.messages).toBe(0);
  });
});
