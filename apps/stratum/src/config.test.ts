import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, coinOptions, parseConfig, processConfig, retiredProcessDirs } from './config.js';
import { announcement, startAnnouncer } from './server/announcer.js';
import { silentLogger } from './log.js';

const example = JSON.parse(readFileSync(new URL('../../../stratum.example.json', import.meta.url), 'utf8')) as Record<string, unknown>;

describe('stratum config', () => {
  it('accepts the documented example, with defaults filled in', () => {
    const c = parseConfig(example);
    expect(c.vardiff).toEqual({ targetSeconds: 10, retargetSeconds: 90, variancePercent: 30 });
    expect(c.coins.map((x) => x.coin)).toEqual(['ltc', 'btc']);
    expect(coinOptions(c, c.coins[0]!)).toMatchObject({ coin: 'ltc', instancePrefix: 1, dataDir: './data/stratum1/ltc' });
    expect(coinOptions(c, c.coins[0]!)).not.toHaveProperty('ports');
  });

  it('takes secrets and the instance from the environment', () => {
    const c = parseConfig(example, { INGEST_KEY: 'env-key-0123456789', STRATUM_INSTANCE_PREFIX: '9', LTC_RPC_PASSWORD: 'pw', NATS_URL: 'nats://127.0.0.1:4222' });
    expect(c.ingestKey).toBe('env-key-0123456789');
    expect(c.instancePrefix).toBe(9);
    expect(c.natsUrl).toBe('nats://127.0.0.1:4222');
    expect(c.coins[0]!.rpc.password).toBe('pw');
  });

  it('refuses node, pool and NATS addresses of another scheme (host:port reads as a scheme)', () => {
    const coin = (example.coins as Array<Record<string, unknown>>)[0]!;
    for (const url of ['localhost:9332', 'node:9332', 'ftp://node:9332']) {
      expect(() => parseConfig({ ...example, coins: [{ ...coin, rpc: { url } }] }), url).toThrow(/rpc.url: an http:\/\/ or https:\/\/ URL/);
    }
    expect(() => parseConfig({ ...example, poolUrl: 'pool.example.com:3000' })).toThrow(/poolUrl: an http:\/\/ or https:\/\/ URL/);
    for (const url of ['127.0.0.1:4222', 'nats://a:4222,b:4222', 'http://nats:4222']) {
      expect(() => parseConfig(example, { NATS_URL: url }), url).toThrow(/natsUrl: nats:\/\/ or tls:\/\/ URLs/);
    }
    expect(parseConfig(example, { NATS_URL: 'nats://u:p@a:4222, tls://b:4222' }).natsUrl).toBe('nats://u:p@a:4222, tls://b:4222');
    expect(parseConfig({ ...example, poolUrl: 'https://pool.example.com' }).poolUrl).toBe('https://pool.example.com');
  });

  it('makes each process of a group an instance of its own, process 0 keeping the instance', () => {
    const c = parseConfig(example, { STRATUM_PROCESSES: '2' });
    expect(c.processes).toBe(2);
    expect(processConfig(c, 0)).toBe(c);
    expect(processConfig(c, 1)).toMatchObject({ instanceId: `${c.instanceId}-1`, instancePrefix: c.instancePrefix + 1, dataDir: `${c.dataDir}/process-1` });
    expect(parseConfig(example).processes).toBe(1);
  });

  it('names the data directories of processes removed by lowering processes, for process 0 to follow their blocks', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stratum-data-'));
    try {
      for (const d of ['process-1', 'process-2', 'process-10', 'ltc', 'process-x']) mkdirSync(join(dataDir, d));
      const c = parseConfig({ ...example, dataDir, processes: 2 });
      expect(retiredProcessDirs(c)).toEqual([`${dataDir}/process-2`, `${dataDir}/process-10`]);
      expect(retiredProcessDirs({ ...c, processes: 1 })).toHaveLength(3);
      expect(retiredProcessDirs({ ...c, dataDir: join(dataDir, 'none') })).toEqual([]);
      expect(coinOptions(c, c.coins[0]!, retiredProcessDirs(c)).adoptTrackersFrom).toEqual([`${dataDir}/process-2/ltc`, `${dataDir}/process-10/ltc`]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a group whose prefixes leave the byte, or one behind a PROXY-protocol load balancer', () => {
    expect(() => parseConfig({ ...example, instancePrefix: 254, processes: 3 })).toThrow(/processes: instancePrefix \+ processes - 1 must be at most 255/);
    expect(() => parseConfig({ ...example, processes: 2, limits: { proxyProtocol: true, trustedProxies: ['10.0.0.5'] } })).toThrow(/processes: behind a load balancer/);
  });

  it('wants the trusted balancers named with the PROXY protocol, as addresses or networks', () => {
    expect(() => parseConfig({ ...example, limits: { proxyProtocol: true } })).toThrow(/limits.trustedProxies: name the load balancers/);
    for (const bad of ['10.0.0.0/33', '010.0.0.5', '10.5', '1', '0xa000005', '::ffff:10.0.0.5', '10.0.0.5/24/1', 'balancer']) {
      expect(() => parseConfig({ ...example, limits: { proxyProtocol: true, trustedProxies: [bad] } }), bad).toThrow(/must be an IP address or a network/);
    }
    expect(parseConfig({ ...example, limits: { proxyProtocol: true, trustedProxies: ['10.0.0.0/24', '2001:db8::1'] } }).limits.trustedProxies).toHaveLength(2);
  });

  it('names every problem with its field', () => {
    const bad = structuredClone(example) as { instancePrefix: number; ingestKey: string; extra?: boolean; coins: Array<{ ports: Array<{ port: number; minDifficulty: number }> }> };
    bad.instancePrefix = 300;
    bad.ingestKey = 'short';
    bad.coins[0]!.ports[0]!.minDifficulty = 1e12;
    bad.coins[1]!.ports[0]!.port = 3333;
    bad.extra = true;
    try {
      parseConfig(bad);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const text = (err as ConfigError).problems.join('\n');
      expect(text).toContain('instancePrefix');
      expect(text).toContain('ingestKey: at least 16 characters');
      expect(text).toContain('coins.0.ports.0: needs minDifficulty ≤ startDifficulty ≤ maxDifficulty');
      expect(text).toContain('port 3333 is used twice');
      expect(text).toMatch(/extra/);
    }
    expect(() => parseConfig(example, { STRATUM_INSTANCE_PREFIX: 'x' })).toThrow(/STRATUM_INSTANCE_PREFIX: must be a whole number/);
  });
});

describe('endpoint announcement', () => {
  it('posts every port of every coin with the ingest key', async () => {
    const c = parseConfig(example);
    const body = announcement(c.instanceId, c.publicHost, c.coins);
    expect(body.endpoints[0]).toEqual({ coin: 'ltc', url: 'stratum+tcp://stratum.pool.example.com:3333', start_difficulty: 65536, min_difficulty: 1024, max_difficulty: 4294967296 });
    expect(body.endpoints).toHaveLength(3);
    const calls: Array<[string, RequestInit]> = [];
    // Each round says what is served then: nothing before a coin's first template, then its ports.
    const served: string[] = [];
    const a = startAnnouncer({
      poolUrl: 'http://pool/', ingestKey: 'k'.repeat(16), body: () => announcement(c.instanceId, c.publicHost, c.coins.filter((coin) => served.includes(coin.coin))), intervalSeconds: 60, log: silentLogger,
      fetchImpl: (async (u: string, i: RequestInit) => { calls.push([u, i]); return new Response('{}', { status: 503 }); }) as unknown as typeof fetch,
    });
    served.push(...c.coins.map((coin) => coin.coin));
    expect(await a.announce()).toBe(false);
    a.stop();
    expect(calls[0]![0]).toBe('http://pool/api/internal/stratum/endpoints');
    expect(calls[0]![1].headers).toMatchObject({ 'x-ingest-key': 'k'.repeat(16) });
    expect(JSON.parse(calls[0]![1].body as string).endpoints).toEqual([]);
    expect(JSON.parse(calls[1]![1].body as string)).toEqual(body);
  });
});
