// Abuse limits over real sockets, PROXY protocol, and a fuzz run of random bytes and random JSON.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/harness.js';
import { TestClient } from '../../test/stratum-client.js';
import { until } from '../../test/until.js';
import { addressMatcher } from './ip-guard.js';
import { ipv6Text, parseProxyV1, PROXY_V2_SIGNATURE, readProxyV2 } from './proxy-protocol.js';

let h: Harness;
const nonce8 = (i: number) => i.toString(16).padStart(8, '0');
const clients: TestClient[] = [];
async function client(): Promise<TestClient> {
  const c = await TestClient.open(h.port);
  clients.push(c);
  return c;
}
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await h?.stop();
});

describe('limits', () => {
  it('refuses connections over the per-IP limit', async () => {
    h = await startHarness({ limits: { maxConnectionsPerIp: 2 } });
    const a = await client();
    const b = await client();
    await a.call('mining.subscribe', []);
    await b.call('mining.subscribe', []);
    const c = await client();
    await c.closed;
    a.close();
    await a.closed;
    // The server frees the slot on its own socket's close, a few turns after the client's.
    await until(() => h.server.connectionCount() === 1);
    const d = await client();
    expect((await d.call('mining.subscribe', [])).error).toBeNull();
  });

  it('closes a connection that does not authorize in time, and an idle one', async () => {
    // The server's clock is the test's: a loaded machine cannot stretch a login past a timeout.
    let now = 1_800_000_000_000;
    h = await startHarness({ limits: { authTimeoutSeconds: 0.2, idleTimeoutSeconds: 0.4 }, sweepMs: 20, now: () => now });
    const a = await client();
    await a.call('mining.subscribe', []);
    const b = await client();
    await b.login();
    now += 300; // a: not authorized after 0.3 s; b: active 0.3 s ago, within its 0.4 s
    await a.closed;
    expect(b.isClosed).toBe(false);
    now += 200; // b: idle for 0.5 s
    await b.closed;
  });

  it('drops and bans an IP that sends too many invalid shares in the window', async () => {
    h = await startHarness({ limits: { invalidSharesThreshold: 5, banSeconds: 60 } });
    const a = await client();
    await a.login();
    const job = h.coin.currentJob()!;
    for (let i = 0; i < 5; i++) a.send('mining.submit', ['myfarm01.rig1', job.id, `0000000${i}`, '5f5e1000', '00000001']);
    await a.closed;
    const again = await client();
    await again.closed;
  });

  it('keeps counting invalid shares across reconnections: threshold - 1 per connection does not escape the ban', async () => {
    h = await startHarness({ limits: { invalidSharesThreshold: 5, banSeconds: 60 } });
    const submit = (c: TestClient, i: number) => c.call('mining.submit', ['myfarm01.rig1', h.coin.currentJob()!.id, nonce8(i), '5f5e1000', '00000001']);
    const first = await client();
    await first.login();
    for (let i = 0; i < 3; i++) expect((await submit(first, i)).error![0]).toBe(23);
    first.close();
    await until(() => h.server.connectionCount() === 0);
    // The next connection goes on from 3: its second invalid share is the fifth, and bans the IP.
    const second = await client();
    await second.login();
    expect((await submit(second, 10)).error![0]).toBe(23);
    expect(second.isClosed).toBe(false);
    second.send('mining.submit', ['myfarm01.rig1', h.coin.currentJob()!.id, nonce8(11), '5f5e1000', '00000001']);
    await second.closed;
    const refused = await client();
    await refused.closed;
  });

  it('does not add up the refusals of different connections from one address (rigs of a farm behind one NAT)', async () => {
    h = await startHarness({ limits: { invalidSharesThreshold: 5, banSeconds: 60 } });
    // Four rigs with the same mistyped sub-account, each refused once, then gone.
    const rigs = await Promise.all(Array.from({ length: 4 }, () => client()));
    for (const rig of rigs) {
      await rig.call('mining.subscribe', []);
      expect((await rig.call('mining.authorize', ['nobody00.rig1', 'x'])).error![0]).toBe(24);
    }
    for (const rig of rigs) rig.close();
    await until(() => h.server.connectionCount() === 0);
    // A fifth takes over one rig's count (1), not all four: refused again, not banned.
    const fifth = await client();
    await fifth.call('mining.subscribe', []);
    expect((await fifth.call('mining.authorize', ['nobody00.rig1', 'x'])).error![0]).toBe(24);
    expect((await fifth.call('mining.authorize', ['myfarm01.rig1', 'x'])).result).toBe(true);
    expect(fifth.isClosed).toBe(false);
  });

  it('counts authorizations of unknown sub-accounts towards the ban (each costs the pool a lookup), the same name once', async () => {
    h = await startHarness({ limits: { invalidSharesThreshold: 5, banSeconds: 60 } });
    const a = await client();
    await a.call('mining.subscribe', []);
    // A miner retrying its mistyped name is answered each time and not banned for it.
    for (let i = 0; i < 10; i++) expect((await a.call('mining.authorize', ['nobody00.rig1', 'x'])).error![0]).toBe(24);
    for (let i = 0; i < 4; i++) expect((await a.call('mining.authorize', [`nobody0${i}.rig1`, 'x'])).error![0]).toBe(24);
    a.send('mining.authorize', ['nobody09.rig1', 'x']);
    await a.closed;
    const again = await client();
    await again.closed;
  });

  it('does not count stale shares of jobs it was sent towards the ban (a busy proxy sends many at each new block); made-up job ids count', async () => {
    h = await startHarness({ limits: { invalidSharesThreshold: 5, banSeconds: 60 } });
    const a = await client();
    await a.login();
    const old = h.coin.currentJob()!;
    h.coin.newJob(true);
    for (let i = 0; i < 10; i++) expect((await a.call('mining.submit', ['myfarm01.rig1', old.id, `0000000${i}`, '5f5e1000', '01000000'])).error![0]).toBe(21);
    expect(a.isClosed).toBe(false);
    expect((await a.call('mining.submit', ['myfarm01.rig1', h.coin.currentJob()!.id, '00000001', '5f5e1000', '01000000'])).result).toBe(true);
    // Job ids it was never sent are not bad luck: they count.
    for (let i = 0; i < 4; i++) expect((await a.call('mining.submit', ['myfarm01.rig1', `made${i}`, '00000001', '5f5e1000', '01000000'])).error![0]).toBe(21);
    a.send('mining.submit', ['myfarm01.rig1', 'made9', '00000001', '5f5e1000', '01000000']);
    await a.closed;
  });

  it('counts a stale share sent long after the job changed, and the same stale share sent again (a duplicate)', async () => {
    let now = 1_800_000_000_000;
    h = await startHarness({ limits: { invalidSharesThreshold: 5, banSeconds: 60 }, now: () => now });
    const a = await client();
    await a.login();
    const old = h.coin.currentJob()!;
    h.coin.newJob(true);
    const stale = (nonce: string) => a.call('mining.submit', ['myfarm01.rig1', old.id, nonce, '5f5e1000', '01000000']);
    // Within the grace after the new job: bad luck, not counted; but the same one again is a duplicate.
    expect((await stale('00000001')).error![0]).toBe(21);
    expect((await stale('00000001')).error![0]).toBe(22);
    const recorded = h.shares.length;
    // Made-up shares of the old job long after the change: each counts (1 + 3 + 1 = 5: banned).
    now += 11_000;
    for (let i = 2; i < 5; i++) expect((await stale(`0000000${i}`)).error![0]).toBe(21);
    expect(a.isClosed).toBe(false);
    a.send('mining.submit', ['myfarm01.rig1', old.id, '00000009', '5f5e1000', '01000000']);
    await a.closed;
    // The duplicate was not recorded (only the stale ones are, as stale).
    expect(h.shares.slice(0, recorded).filter((s) => s.result === 'stale')).toHaveLength(1);
  });

  it('excuses, just after a job change, only stale shares of the jobs that change made stale', async () => {
    h = await startHarness({ limits: { invalidSharesThreshold: 5, banSeconds: 60 } });
    const a = await client();
    await a.login();
    const oldest = h.coin.currentJob()!;
    // Three more jobs: the oldest is four back, long dropped by the server when the last came.
    for (let i = 0; i < 3; i++) h.coin.newJob(false);
    h.coin.newJob(true);
    for (let i = 0; i < 4; i++) expect((await a.call('mining.submit', ['myfarm01.rig1', oldest.id, `0000000${i}`, '5f5e1000', '01000000'])).error![0]).toBe(21);
    expect(a.isClosed).toBe(false);
    a.send('mining.submit', ['myfarm01.rig1', oldest.id, '00000009', '5f5e1000', '01000000']);
    await a.closed;
  });

  it('takes the miner’s address from a PROXY v1 header and refuses a connection without one', async () => {
    h = await startHarness({ limits: { proxyProtocol: true, trustedProxies: ['127.0.0.0/8'] } });
    const a = await client();
    a.raw('PROXY TCP4 203.0.113.9 10.0.0.1 51234 3333\r\n');
    await a.login();
    await a.call('mining.submit', ['myfarm01.rig1', h.coin.currentJob()!.id, '00000001', '5f5e1000', '00000020']);
    expect(h.shares[0]!.ip).toBe('203.0.113.9');
    const b = await client();
    b.send('mining.subscribe', []);
    await b.closed;
  });

  it('believes a PROXY header only from a trusted balancer: anyone else is closed before it is read', async () => {
    h = await startHarness({ limits: { proxyProtocol: true, trustedProxies: ['10.0.0.5', '2001:db8::/64'] } });
    const a = await client();
    a.raw('PROXY TCP4 198.51.100.7 10.0.0.1 51234 3333\r\n');
    await a.closed;
    expect(h.shares).toHaveLength(0);
    const match = addressMatcher(['10.0.0.5', '2001:db8::/64', '192.168.0.0/16']);
    expect(['10.0.0.5', '::ffff:10.0.0.5', '2001:db8::7', '192.168.4.1'].map(match)).toEqual([true, true, true, true]);
    expect(['10.0.0.6', '127.0.0.1', '2001:db9::1', 'garbage', ''].map(match)).toEqual([false, false, false, false, false]);
  });

  it('takes the miner’s address from a PROXY v2 header, also when the header comes in pieces', async () => {
    h = await startHarness({ limits: { proxyProtocol: true, trustedProxies: ['127.0.0.0/8'] } });
    const a = await client();
    const header = proxyV2(0x21, 0x11, [203, 0, 113, 77, 10, 0, 0, 1, 0xc8, 0x32, 0x0d, 0x05], [0x20, 0x00, 0x05, 0x41, 0x42, 0x43, 0x44, 0x45]);
    a.raw(header.subarray(0, 7));
    await new Promise((resolve) => setTimeout(resolve, 20));
    a.raw(header.subarray(7));
    await a.login();
    await a.call('mining.submit', ['myfarm01.rig1', h.coin.currentJob()!.id, '00000001', '5f5e1000', '00000020']);
    expect(h.shares[0]!.ip).toBe('203.0.113.77');
    // A v2 header with a body past the limit, or a v1 connection without a header, is closed.
    const b = await client();
    b.raw(Buffer.concat([PROXY_V2_SIGNATURE, Buffer.from([0x21, 0x11, 0xff, 0xff])]));
    await b.closed;
  });

  it('parses PROXY v2 headers strictly', () => {
    const v4 = proxyV2(0x21, 0x11, [198, 51, 100, 7, 10, 0, 0, 1, 0, 1, 0, 2]);
    expect(readProxyV2(v4)).toEqual({ kind: 'header', header: { ok: true, sourceIp: '198.51.100.7' }, length: 28 });
    expect(readProxyV2(v4.subarray(0, 20))).toEqual({ kind: 'incomplete' });
    expect(readProxyV2(v4.subarray(0, 5))).toEqual({ kind: 'incomplete' });
    const six = [0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
    expect(readProxyV2(proxyV2(0x21, 0x21, [...six, ...six, 0, 1, 0, 2]))).toMatchObject({ header: { ok: true, sourceIp: '2001:db8::1' }, length: 52 });
    const mapped = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 192, 0, 2, 1];
    expect(readProxyV2(proxyV2(0x21, 0x21, [...mapped, ...six, 0, 1, 0, 2]))).toMatchObject({ header: { ok: true, sourceIp: '192.0.2.1' } });
    // LOCAL (the balancer's own health check) and UNSPEC: the socket's own address.
    expect(readProxyV2(proxyV2(0x20, 0x00, []))).toEqual({ kind: 'header', header: { ok: true, sourceIp: undefined }, length: 16 });
    expect(readProxyV2(proxyV2(0x21, 0x00, [1, 2, 3]))).toMatchObject({ header: { ok: true, sourceIp: undefined }, length: 19 });
    // Version 1 text, another version or command, short addresses, an oversized body.
    expect(readProxyV2(Buffer.from('PROXY TCP4 1.2.3.4 5.6.7.8 1 2\r\n'))).toEqual({ kind: 'not-v2' });
    expect(readProxyV2(proxyV2(0x31, 0x11, [1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 0, 2]))).toMatchObject({ header: { ok: false, reason: 'PROXY v2 header malformed' } });
    expect(readProxyV2(proxyV2(0x22, 0x11, []))).toMatchObject({ header: { ok: false } });
    expect(readProxyV2(proxyV2(0x21, 0x11, [1, 2, 3, 4]))).toMatchObject({ header: { ok: false, reason: 'PROXY header addresses malformed' } });
    expect(readProxyV2(Buffer.concat([PROXY_V2_SIGNATURE, Buffer.from([0x21, 0x11, 0x02, 0x01])]))).toMatchObject({ header: { ok: false, reason: 'PROXY header too long' } });
    expect(ipv6Text(Buffer.from([0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1]))).toBe('2001:db8::1:0:0:1');
  });

  it('parses PROXY v1 headers strictly', () => {
    expect(parseProxyV1('PROXY TCP6 2001:db8::1 2001:db8::2 1 2')).toEqual({ ok: true, sourceIp: '2001:db8::1' });
    expect(parseProxyV1('PROXY UNKNOWN')).toEqual({ ok: true, sourceIp: undefined });
    expect(parseProxyV1('PROXY TCP4 1.2.3 1.2.3.4 1 2').ok).toBe(false);
    expect(parseProxyV1('PROXY TCP4 1.2.3.4 1.2.3.4 1 99999').ok).toBe(false);
    expect(parseProxyV1(`PROXY TCP4 ${'1'.repeat(120)}`).ok).toBe(false);
  });
});

describe('fuzz: no input crashes the server or stays in memory', () => {
  const methods = ['mining.subscribe', 'mining.authorize', 'mining.configure', 'mining.submit', 'mining.suggest_difficulty', 'mining.extranonce.subscribe', 'x'];
  const request = fc.record({
    id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.object()),
    method: fc.oneof(fc.constantFrom(...methods), fc.string()),
    params: fc.oneof(fc.array(fc.jsonValue(), { maxLength: 7 }), fc.jsonValue()),
  });

  it('survives random bytes and random JSON-RPC, and still serves a well-behaved miner', async () => {
    h = await startHarness({ limits: { maxConnectionsPerIp: 1000, invalidSharesThreshold: 1_000_000 } });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.from(b)), request.map((r) => Buffer.from(`${JSON.stringify(r)}\n`)), fc.jsonValue().map((v) => Buffer.from(`${JSON.stringify(v)}\n`))), { minLength: 1, maxLength: 8 }),
        async (chunks) => {
          const c = await TestClient.open(h.port);
          c.raw(Buffer.from('{"id":0,"method":"mining.subscribe","params":[]}\n'));
          for (const chunk of chunks) if (!c.isClosed) c.raw(chunk);
          await new Promise((r) => setTimeout(r, 5));
          c.close();
        },
      ),
      { numRuns: 150 },
    );
    await until(() => h.server.connectionCount() === 0);
    const ok = await client();
    await ok.login();
    expect((await ok.call('mining.submit', ['myfarm01.rig1', h.coin.currentJob()!.id, '00000001', '5f5e1000', '00000020'])).result).toBe(true);
  });
});

/** A PROXY v2 header: version and command, family and protocol, the addresses, then TLVs. */
function proxyV2(versionCommand: number, family: number, addresses: number[], tlvs: number[] = []): Buffer {
  const body = Buffer.from([...addresses, ...tlvs]);
  const fixed = Buffer.alloc(4);
  fixed[0] = versionCommand;
  fixed[1] = family;
  fixed.writeUInt16BE(body.length, 2);
  return Buffer.concat([PROXY_V2_SIGNATURE, fixed, body]);
}
