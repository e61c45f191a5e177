// The NATS transport on a real NATS server: a second's shares over the server's message limit
// (max_payload, 1 MB by default) go out as several messages under it, every share once; a batch
// over the limit would be refused by the client on every attempt and wait in the outbox for ever.
// A transport made while NATS is unreachable does not hold the process's start: it answers 'retry'
// (the outbox keeps the batch) and delivers once NATS answers.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { connect as tcpConnect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, RetentionPolicy, StorageType } from 'nats';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { NATS_URL, natsReachable } from '../../../server/test/nats-reachable';
import { ingestSignatureChecker } from '../../../server/src/modules/mining/ingest-keys';
import { INGEST_SIGNATURE_HEADER } from '@hashpool/shared';
import type { Logger } from '../coin/types.js';
import { silentLogger } from '../log.js';
import { natsTransport } from './nats-transport.js';
import { until } from '../../test/until.js';
import { shareOutbox, type PoolShare } from './pool-outboxes.js';

const reachable = await natsReachable('the NATS transport test');
const INGEST_KEY = 'nats-transport-test-key-0001';

/** A local port nothing listens on (for now). */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as { port: number }).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

function recordingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, info() {}, warn: (msg) => warnings.push(msg), error() {} };
}

const batch = { id: 'node9-1800000000000-000000001', body: JSON.stringify({ batch_id: 'node9-1800000000000-000000001', shares: [] }) };

describe('NATS transport while NATS is unreachable', () => {
  it('starts at once, answers retry and says so', async () => {
    const log = recordingLogger();
    const url = `nats://127.0.0.1:${await closedPort()}`;
    const started = Date.now();
    const transport = natsTransport({ url, stream: 'SHARES', instanceId: 'node9', ingestKey: INGEST_KEY, log, shareEncoding: 'json', retryMs: 50 });
    try {
      // It does not wait for NATS to answer before it returns.
      expect(Date.now() - started).toBeLessThan(1000);
      expect(await transport.send(batch)).toBe('retry');
      await until(() => log.warnings.some((w) => w.startsWith('NATS unreachable')), 10_000);
      expect(transport.maxRecordBytes).toBeGreaterThan(0);
    } finally {
      await transport.close();
    }
  });
});

describe.skipIf(!reachable)('NATS transport', () => {
  const stream = `TEST_STRATUM_${randomBytes(4).toString('hex').toUpperCase()}`;
  const dir = mkdtempSync(join(tmpdir(), 'hp-nats-outbox-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sends a turn of shares larger than max_payload as several messages under it, every share once', async () => {
    const nc = await connect({ servers: NATS_URL });
    const jsm = await nc.jetstreamManager();
    await jsm.streams.add({ name: stream, subjects: [`${stream.toLowerCase()}.>`], retention: RetentionPolicy.Limits, storage: StorageType.Memory });
    const transport = natsTransport({ url: NATS_URL, stream, instanceId: 'node7', ingestKey: INGEST_KEY, log: silentLogger, shareEncoding: 'json' });
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
        // Signed as the pool checks it: under the ingest key, not under another.
        expect(ingestSignatureChecker(INGEST_KEY)(m.data, m.headers?.get(INGEST_SIGNATURE_HEADER))).toBe(true);
        expect(ingestSignatureChecker('another-key-of-16-chars')(m.data, m.headers?.get(INGEST_SIGNATURE_HEADER))).toBe(false);
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

  it('made while NATS is unreachable, delivers once NATS answers', async () => {
    const nc = await connect({ servers: NATS_URL });
    const jsm = await nc.jetstreamManager();
    const late = `${stream}_LATE`;
    await jsm.streams.add({ name: late, subjects: [`${late.toLowerCase()}.>`], retention: RetentionPolicy.Limits, storage: StorageType.Memory });
    const port = await closedPort();
    const transport = natsTransport({ url: `nats://127.0.0.1:${port}`, stream: late, instanceId: 'node9', ingestKey: INGEST_KEY, log: silentLogger, shareEncoding: 'json', retryMs: 50 });
    let proxy: Server | undefined;
    try {
      expect(await transport.send(batch)).toBe('retry');
      // NATS "comes back": a proxy to the test's server opens on the port the transport was given.
      const target = new URL(NATS_URL);
      proxy = createServer((client) => {
        const upstream = tcpConnect(Number(target.port || 4222), target.hostname);
        client.pipe(upstream).pipe(client);
        client.on('error', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
      });
      await new Promise<void>((resolve) => proxy!.listen(port, '127.0.0.1', resolve));
      let outcome = await transport.send(batch);
      for (let i = 0; i < 100 && outcome !== 'ok'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        outcome = await transport.send(batch);
      }
      expect(outcome).toBe('ok');
      expect((await jsm.streams.info(late)).state.messages).toBe(1);
    } finally {
      await transport.close();
      proxy?.close();
      await jsm.streams.delete(late).catch(() => undefined);
      await nc.close();
    }
  }, 15_000);
});

const natsServerBinary = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'].find((p) => existsSync(p));

describe.skipIf(!natsServerBinary)('NATS transport to a server that wants a user and password', () => {
  it('logs in with the credentials of its URL, which it never logs', async () => {
    const port = await closedPort();
    const store = mkdtempSync(join(tmpdir(), 'hp-nats-auth-'));
    const server = spawn(natsServerBinary!, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store, '--user', 'stratum', '--pass', 'p@ss:word'], { stdio: 'ignore' });
    const log = recordingLogger();
    const url = `nats://stratum:${encodeURIComponent('p@ss:word')}@127.0.0.1:${port}`;
    const transport = natsTransport({ url, stream: 'AUTHED', instanceId: 'node9', ingestKey: INGEST_KEY, log, shareEncoding: 'json', retryMs: 50 });
    try {
      const admin = await vi.waitUntil(() => connect({ servers: `127.0.0.1:${port}`, user: 'stratum', pass: 'p@ss:word' }).catch(() => undefined), { timeout: 5000, interval: 50 });
      await (await admin.jetstreamManager()).streams.add({ name: 'AUTHED', subjects: ['authed.>'], storage: StorageType.Memory });
      let outcome = await transport.send(batch);
      for (let i = 0; i < 100 && outcome !== 'ok'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        outcome = await transport.send(batch);
      }
      expect(outcome).toBe('ok');
      await admin.close();
      expect(JSON.stringify(log.warnings)).not.toContain('word');
    } finally {
      await transport.close();
      server.kill();
      rmSync(store, { recursive: true, force: true });
    }
  }, 20_000);
});
