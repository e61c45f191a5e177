// The NATS transport on a real NATS server: a second's shares over the server's message limit
// (max_payload, 1 MB by default) go out as several messages under it, every share once; a batch
// over the limit would be refused by the client on every attempt and wait in the outbox for ever.
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, RetentionPolicy, StorageType } from 'nats';
import { afterAll, describe, expect, it } from 'vitest';
import { NATS_URL, natsReachable } from '../../../server/test/nats-reachable';
import { silentLogger } from '../log.js';
import { natsTransport } from './nats-transport.js';
import { shareOutbox, type PoolShare } from './pool-outboxes.js';

const reachable = await natsReachable('the NATS transport test');

describe.skipIf(!reachable)('NATS transport', () => {
  const stream = `TEST_STRATUM_${randomBytes(4).toString('hex').toUpperCase()}`;
  const dir = mkdtempSync(join(tmpdir(), 'hp-nats-outbox-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sends a turn of shares larger than max_payload as several messages under it, every share once', async () => {
    const nc = await connect({ servers: NATS_URL });
    const jsm = await nc.jetstreamManager();
    await jsm.streams.add({ name: stream, subjects: [`${stream.toLowerCase()}.>`], retention: RetentionPolicy.Limits, storage: StorageType.Memory });
    const transport = await natsTransport({ url: NATS_URL, stream, instanceId: 'node7', log: silentLogger, shareEncoding: 'json' });
    const maxPayload = nc.info!.max_payload;
    expect(transport.maxRecordBytes).toBeLessThan(maxPayload);
    const outbox = shareOutbox({ dataDir: dir, instanceId: 'node7', transport, log: silentLogger, intervalMs: 3_600_000 });
    try {
      await outbox.start();
      // About 2.5 times the default 1 MB in one event-loop turn (one flush, one text).
      const count = Math.ceil((2.5 * maxPayload) / 120);
      const share = (i: number): PoolShare => ({ coin: 'ltc', account: 'myfarm01', worker: `rig${i % 500}`, difficulty: 65536, result: 'accepted', ip: '203.0.113.7', time: 1_800_000_000_000 + i });
      await Promise.all(Array.from({ length: count }, (_, i) => outbox.append(share(i))));
      await outbox.tick();
      const deadline = Date.now() + 15_000;
      while (outbox.depth() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(outbox.depth()).toBe(0);

      const messages = (await jsm.streams.info(stream)).state.messages;
      expect(messages).toBeGreaterThanOrEqual(3);
      const consumer = await nc.jetstream().consumers.get(stream);
      const seen: number[] = [];
      for await (const m of await consumer.fetch({ max_messages: messages, expires: 5000 })) {
        expect(m.data.length).toBeLessThanOrEqual(maxPayload);
        seen.push(...(m.json<{ shares: PoolShare[] }>().shares.map((s) => s.time - 1_800_000_000_000)));
        if (seen.length >= count) break;
      }
      expect(seen).toEqual(Array.from({ length: count }, (_, i) => i));
    } finally {
      await outbox.stop();
      await transport.close();
      await jsm.streams.delete(stream).catch(() => undefined);
      await nc.close();
    }
  }, 60_000);
});
