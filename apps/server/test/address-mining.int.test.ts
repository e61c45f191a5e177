// Address mining's public calls against a real database: an ALEO address mines with two workers
// (shares through ingestion, a found block), and every call shows it; a malformed address is
// refused at ingestion and by the calls; an address that never mined answers zeros; account-mode
// and unknown coins are refused; the IP statistics; operators (only they) edit the ALEO stake
// schedule over HTTP, audited.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { DEMO_ADDRESSES } from '../src/modules/mining/simulator';
import { FakeClock } from '../src/platform/clock';
import { auth, inject, registerByEmail, uniqueEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
const inbox = new SmtpInbox();
const ADMIN = uniqueEmail('stake-operator');
const ADMIN2 = uniqueEmail('stake-operator-2');
const clock = new FakeClock('2026-08-10T10:01:00Z');
beforeAll(async () => {
  t = await startTestApp({ demo: false, clock, env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', ADMIN_EMAILS: `${ADMIN},${ADMIN2}`, ACCESS_TOKEN_TTL_SECONDS: '3600' } });
});
afterAll(async () => {
  await t?.close();
  await inbox.stop();
});

const A = 'aleo1rhgdu77hgyqd3xjj8ucu3jj9r2krwz6mnzyd80gncr5fxcwlh5rsvzp9px';
const KAS = 'kaspa:qqkqkzjvr7zwxxmjxjkmxxdwju9kjs6e9u82uh59z07vgaks6gg62v8707g73';
const get = async <T>(url: string) => {
  const res = await inject(t.app, { url: `/api${url}` });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return body<T>(res).data;
};

describe('address mining calls', () => {
  beforeAll(async () => {
    // All in the 10-minute point from 10:00: rig1 600 units, rig2 300.
    const now = Date.parse('2026-08-10T10:00:00Z');
    const shares = [
      ...Array.from({ length: 6 }, (_, i) => ({ coin: 'aleo', address: A, worker: 'rig1', difficulty: 100, result: 'accepted', ip: '10.0.0.1', time: now + i * 10_000 })),
      ...Array.from({ length: 3 }, (_, i) => ({ coin: 'aleo', address: A, worker: 'rig2', difficulty: 100, result: 'accepted', ip: '10.0.0.2', time: now + i * 10_000 })),
      { coin: 'aleo', address: 'aleo1short', worker: 'rig1', difficulty: 100, result: 'accepted', time: now },
    ];
    const result = await t.app.modules.mining.ingest.submit(`batch-${randomUUID()}`, shares);
    expect(result).toMatchObject({ accepted: 9, refused: 1, refused_reasons: { bad_address: 1 } });
    await t.app.modules.mining.ingest.refreshWindows();
    await t.app.modules.mining.blocks.record([{ type: 'found', coin: 'aleo', height: 7_000_001, hash: `h${randomUUID().replace(/-/g, '')}`, reward: '8', address: A, worker: 'rig1', difficulty: 1e6, time: now }]);
    clock.set('2026-08-10T10:10:00Z'); // the 10-minute point of the shares is complete
  });

  it('show the pools and the coin', async () => {
    const pools = await get<Array<{ coin: string; fee_rate: string; address_format: string; active_miners: number }>>('/address-mining/pools');
    expect(pools.map((p) => p.coin).sort()).toEqual(['aleo', 'alph', 'kas', 'sumo', 'xtm', 'zeph']);
    const aleo = await get<Record<string, unknown>>('/address-mining/aleo/pool/stats');
    expect(aleo).toMatchObject({ coin: 'aleo', active_workers: 2, active_miners: 1, blocks_24h: 1, address_format: 'aleo1 + 58 bech32 characters' });
    expect(Number(aleo.fee_rate)).toBeGreaterThan(0);
    expect((await get<{ total: number; list: Array<{ height: number }> }>('/address-mining/aleo/blocks')).list[0]!.height).toBe(7_000_001);
    expect(await get('/address-mining/aleo/workers/stats')).toEqual({ total: 2, active: 2, inactive: 0, dead: 0, miners: 1 });
    const pool = await get<{ points: Array<{ hashrate: number }> }>('/address-mining/aleo/hashrates');
    // 900 units of work in the 10:00 point: 900 / 600 s = 1.5 H/s (ALEO counts 1 hash per unit).
    expect(pool.points.at(-1)!.hashrate).toBe(1.5);
  });

  it('show an address: figures, chart, workers and a worker chart', async () => {
    const info = await get<{ hashrate_15m: number; workers: Record<string, number>; last_share_time: string }>(`/address-mining/aleo/miner/${A}/info`);
    expect(info.workers).toEqual({ total: 2, active: 2, inactive: 0, dead: 0 });
    expect(info.hashrate_15m).toBeGreaterThan(0);
    expect(info.last_share_time).toBe('2026-08-10T10:00:50.000Z'); // rig1's sixth share
    const chart = await get<{ points: Array<{ hashrate: number }> }>(`/address-mining/aleo/miner/${A}/hashrates`);
    expect(chart.points).toHaveLength(144);
    expect(chart.points.at(-1)!.hashrate).toBe(1.5);
    const list = await get<{ list: Array<{ worker_name: string; last_ip: string }>; total: number }>(`/address-mining/aleo/miner/${A}/workers?sort=workerName&order=asc`);
    expect(list.total).toBe(2);
    // A public page: each IP as its /24 only (10.0.0.1 and 10.0.0.2).
    expect(list.list.map((w) => [w.worker_name, w.last_ip])).toEqual([['rig1', '10.0.0.0/24'], ['rig2', '10.0.0.0/24']]);
    const rig2 = await get<{ points: Array<{ hashrate: number }> }>(`/address-mining/aleo/miner/${A}/workers/rig2/hashrates`);
    expect(rig2.points.at(-1)!.hashrate).toBe(0.5); // 300 / 600 s
  });

  it('answer an address without data with zeros, and refuse what is not an address-mode coin or a well-formed address', async () => {
    const info = await get<{ hashrate_24h: number; workers: Record<string, number>; last_share_time: string | null }>(`/address-mining/kas/miner/${KAS}/info`);
    expect(info).toMatchObject({ hashrate_24h: 0, workers: { total: 0, active: 0, inactive: 0, dead: 0 }, last_share_time: null });
    expect(await get(`/address-mining/kas/miner/${KAS}/workers`)).toEqual({ list: [], total: 0 });
    const empty = await get<{ points: Array<{ hashrate: number }> }>(`/address-mining/kas/miner/${KAS}/hashrates`);
    expect(empty.points.every((p) => p.hashrate === 0)).toBe(true);

    for (const url of ['/address-mining/btc/pool/stats', '/address-mining/nope/blocks', `/address-mining/btc/miner/${A}/info`]) {
      const res = await inject(t.app, { url: `/api${url}` });
      expect(res.statusCode, url).toBe(404);
      expect(body(res).msg).toBe('This coin is not supported.');
    }
    // A malformed address of every address-mode coin.
    const malformed: Record<string, string> = { aleo: 'aleo1short', kas: 'kaspa:short', alph: '0notbase58', sumo: 'Sumoshort', zeph: 'ZEPHYRshort', xtm: 'tari:short' };
    for (const [coin, bad] of Object.entries(malformed)) {
      const res = await inject(t.app, { url: `/api/address-mining/${coin}/miner/${encodeURIComponent(bad)}/info` });
      expect(res.statusCode, coin).toBe(400);
      expect(body(res).msg).toBe('The address is wrong.');
    }
    for (const url of ['/address-mining/aleo/miner/aleo1short/info', `/address-mining/kas/miner/${A}/workers`, `/address-mining/aleo/miner/${KAS}/hashrates`]) {
      const res = await inject(t.app, { url: `/api${url}` });
      expect(res.statusCode, url).toBe(400);
      expect(body(res).msg).toBe('The address is wrong.');
    }
    const missing = await inject(t.app, { url: `/api/address-mining/aleo/miner/${A}/workers/nope/hashrates` });
    expect(missing.statusCode).toBe(404);
  });

  it('refuse a malformed address of every coin at ingestion, and take the demo addresses', async () => {
    const time = Date.parse('2026-08-10T10:05:00Z');
    const bad: Record<string, string> = {
      aleo: `aleo1${'q'.repeat(57)}`, // one character short
      kas: `kaspa:${'q'.repeat(40)}`,
      alph: `1${'O'.repeat(44)}`, // O is not base58
      sumo: `Sumx${'1'.repeat(95)}`,
      zeph: `ZEPHYX${'1'.repeat(92)}`,
      xtm: 'tari:not-an-address',
    };
    const refused = await t.app.modules.mining.ingest.submit(`batch-${randomUUID()}`, Object.entries(bad).map(([coin, address]) => ({ coin, address, worker: 'rig1', difficulty: 1, result: 'accepted', time })));
    expect(refused).toMatchObject({ accepted: 0, refused: 6, refused_reasons: { bad_address: 6 } });
    const [stored] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from workers where address in (${sql.join(Object.values(bad).map((a) => sql`${a}`), sql`, `)})`);
    expect(Number(stored!.n)).toBe(0);
    const taken = await t.app.modules.mining.ingest.submit(`batch-${randomUUID()}`, Object.entries(DEMO_ADDRESSES).map(([coin, address]) => ({ coin, address, worker: 'demo1', difficulty: 1, result: 'accepted', time })));
    expect(taken).toMatchObject({ accepted: 6, refused: 0 });
    // An address where an account belongs (an account-mode coin) is refused too.
    expect(await t.app.modules.mining.ingest.submit(`batch-${randomUUID()}`, [{ coin: 'btc', address: A, worker: 'rig1', difficulty: 1, result: 'accepted', time }])).toMatchObject({ refused: 1, refused_reasons: { mode_mismatch: 1 } });
  });

  it('page and filter an address\'s workers, and group them by IP', async () => {
    const B = `aleo1${'x'.repeat(50)}qpzry9x8`;
    const time = Date.parse('2026-08-10T10:06:00Z');
    // 12 rigs: 8 behind two IPs of one /24, 3 behind two IPv6 addresses of one /48, 1 whose node
    // reported no IP.
    const ipOf = (i: number) => (i < 6 ? '10.1.0.1' : i < 8 ? '10.1.0.2' : i < 10 ? '2001:db8:1:2::7' : i < 11 ? '2001:db8:1:ffff::1' : undefined);
    const shares = Array.from({ length: 12 }, (_, i) => ({ coin: 'aleo', address: B, worker: `rig${String(i).padStart(2, '0')}`, difficulty: 60 * (i + 1), result: 'accepted', time, ...(ipOf(i) ? { ip: ipOf(i) } : {}) }));
    expect(await t.app.modules.mining.ingest.submit(`batch-${randomUUID()}`, shares)).toMatchObject({ accepted: 12 });
    await t.app.modules.mining.ingest.refreshWindows();
    const first = await get<{ list: Array<{ worker_name: string }>; total: number }>(`/address-mining/aleo/miner/${B}/workers?sort=workerName&order=asc`);
    expect(first.total).toBe(12);
    expect(first.list).toHaveLength(10); // the page size
    expect(first.list[0]!.worker_name).toBe('rig00');
    const second = await get<{ list: Array<{ worker_name: string }> }>(`/address-mining/aleo/miner/${B}/workers?sort=workerName&order=desc&page=2`);
    expect(second.list.map((w) => w.worker_name)).toEqual(['rig01', 'rig00']);
    expect((await get<{ total: number }>(`/address-mining/aleo/miner/${B}/workers?status=active`)).total).toBe(12);
    expect(await get(`/address-mining/aleo/miner/${B}/workers?status=dead`)).toEqual({ list: [], total: 0 });
    const byHashrate = await get<{ list: Array<{ worker_name: string }> }>(`/address-mining/aleo/miner/${B}/workers?sort=now&order=desc&page_size=3`);
    expect(byHashrate.list.map((w) => w.worker_name)).toEqual(['rig11', 'rig10', 'rig09']);

    // Grouped by network, the only form of an IP a public page shows: the IPs of one /24 (one /48)
    // make one row, their workers and hashrate summed.
    const ips = await get<{ list: Array<{ ip: string | null; workers: number; active: number; hashrate_15m: number; hashrate_24h: number; last_share_time: string }>; total: number }>(`/address-mining/aleo/miner/${B}/ips`);
    expect(ips.total).toBe(3);
    expect(ips.list.map((r) => [r.ip, r.workers, r.active])).toEqual([
      ['10.1.0.0/24', 8, 8],
      ['2001:db8:1::/48', 3, 3],
      [null, 1, 1],
    ]);
    // Busiest first: the first network's rigs did 60 + ... + 480 units, the second's 540 + 600 + 660.
    expect(ips.list[0]!.hashrate_15m).toBeGreaterThan(ips.list[1]!.hashrate_15m);
    const workers = await get<{ list: Array<{ worker_name: string; accept_15m: { value: number }; accept_24h: { value: number } }> }>(`/address-mining/aleo/miner/${B}/workers?page_size=100`);
    const rigs = (from: number, to: number) => workers.list.filter((w) => Number(w.worker_name.slice(3)) >= from && Number(w.worker_name.slice(3)) <= to);
    expect(ips.list[0]!.hashrate_15m).toBeCloseTo(rigs(0, 7).reduce((n, w) => n + w.accept_15m.value, 0), 9);
    expect(ips.list[1]!.hashrate_24h).toBeCloseTo(rigs(8, 10).reduce((n, w) => n + w.accept_24h.value, 0), 9);
    expect(ips.list[0]!.last_share_time).toBe(new Date(time).toISOString());
    for (const full of ['10.1.0.1', '10.1.0.2', '2001:db8:1:2::7', '2001:db8:1:ffff::1']) {
      expect(JSON.stringify(ips), full).not.toContain(full);
      expect(JSON.stringify(workers), full).not.toContain(full);
    }
    expect(await get<{ list: unknown[]; total: number }>(`/address-mining/aleo/miner/${B}/ips?page=2&page_size=2`)).toMatchObject({ list: [expect.anything()], total: 3 });
    // A page past the end still says how many IPs there are.
    expect(await get(`/address-mining/aleo/miner/${B}/ips?page=5&page_size=2`)).toEqual({ list: [], total: 3, capped: false });
    expect(await get(`/address-mining/kas/miner/${KAS}/ips`)).toEqual({ list: [], total: 0, capped: false });
    const wrong = await inject(t.app, { url: '/api/address-mining/aleo/miner/aleo1short/ips' });
    expect(wrong.statusCode).toBe(400);
    expect((await inject(t.app, { url: `/api/address-mining/btc/miner/${B}/ips` })).statusCode).toBe(404);
  });

  it('answer in the caller\'s language', async () => {
    const res = await inject(t.app, { url: '/api/address-mining/aleo/miner/aleo1short/info', headers: { lang: 'zh-CN' } });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).not.toBe('The address is wrong.');
    expect(body(res).code).not.toBe(0);
  });
});

describe('ALEO stake calculator', () => {
  it('turns a hashrate into the stake that lands its solutions, from the operators\' schedule', async () => {
    // Proof target 1,000,000: 1,000 H/s finds 1,000 x 3,600 / 1,000,000 = 3.6 solutions an epoch,
    // so landing them all takes 4 x the stake per solution; on 2026-08-10 that is 1,000,000 ALEO
    // (from 2026-07-31 23:59:59 UTC; 1,250,000 from 2026-10-31 23:59:59 UTC).
    await t.app.modules.mining.blocks.record([{ type: 'network', coin: 'aleo', difficulty: 1e6, height: 7_000_002, time: clock.now().getTime() }]);
    const short = await get<Record<string, unknown>>('/address-mining/aleo/stake-calculator?hashrate=1000&stake=1500000');
    expect(short).toMatchObject({
      hashrate: 1000,
      hashrate_source: 'input',
      proof_target: 1e6,
      epoch_seconds: 3600,
      stake_per_solution: '1000000',
      required_stake: '4000000',
      stake: '1500000',
      shortfall: '2500000',
      sufficient: false,
      next_change: { from: '2026-10-31T23:59:59.000Z', stake_per_solution: '1250000' },
    });
    expect(short.solutions_per_epoch).toBeCloseTo(3.6, 10);
    expect(await get('/address-mining/aleo/stake-calculator?hashrate=1000&stake=4000000')).toMatchObject({ shortfall: '0', sufficient: true });
    // From an address: its measured 24 h hashrate.
    const measured = await get<{ hashrate_source: string; hashrate: number }>(`/address-mining/aleo/stake-calculator?address=${A}`);
    expect(measured.hashrate_source).toBe('address');
    expect(measured.hashrate).toBeGreaterThan(0);
    // An address that never mined needs no stake.
    expect(await get(`/address-mining/aleo/stake-calculator?address=aleo1${'q'.repeat(58)}&stake=10`)).toMatchObject({ hashrate: 0, hashrate_source: 'address', required_stake: '0', shortfall: '0', sufficient: true });
    // Only for ALEO; a hashrate or an address is needed.
    expect((await inject(t.app, { url: '/api/address-mining/kas/stake-calculator?hashrate=1' })).statusCode).toBe(404);
    expect((await inject(t.app, { url: '/api/address-mining/aleo/stake-calculator' })).statusCode).toBe(400);
    expect((await inject(t.app, { url: '/api/address-mining/aleo/stake-calculator?address=aleo1short' })).statusCode).toBe(400);
  });

  it('lets only operators read and change the schedule, audited', async () => {
    const body_ = { from: '2026-08-05T00:00:00Z', stake_per_solution: '1100000', reason: 'network change' };
    const url = '/api/admin/address-mining/aleo-stake-schedule';
    expect((await inject(t.app, { method: 'PUT', url, payload: body_ })).statusCode).toBe(401);
    expect((await inject(t.app, { url })).statusCode).toBe(401);
    const user = await registerByEmail(t.app, inbox, uniqueEmail('stake-user'));
    expect((await inject(t.app, { url, headers: auth(user.tokens) })).statusCode).toBe(403);
    expect((await inject(t.app, { method: 'PUT', url, headers: auth(user.tokens), payload: body_ })).statusCode).toBe(403);

    const admin = await registerByEmail(t.app, inbox, ADMIN);
    const seeded = body<Array<{ from: string; stake_per_solution: string; source: string }>>(await inject(t.app, { url, headers: auth(admin.tokens) })).data;
    expect(seeded).toHaveLength(9);
    expect(seeded.at(-1)).toMatchObject({ from: '2027-07-31T23:59:59.000Z', stake_per_solution: '2500000', source: 'seed' });
    // Bad input names the field; unknown fields are refused.
    // A stake of 0 per solution would tell every miner on the public calculator that it suffices.
    for (const payload of [{ ...body_, stake_per_solution: '-1' }, { ...body_, stake_per_solution: '0' }, { ...body_, stake_per_solution: '0.000000' }, { ...body_, from: 'tomorrow' }, { ...body_, reason: ' ' }, { ...body_, source: 'seed' }]) {
      expect((await inject(t.app, { method: 'PUT', url, headers: auth(admin.tokens), payload })).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const put = await inject(t.app, { method: 'PUT', url, headers: auth(admin.tokens), payload: body_ });
    expect(put.statusCode, put.body).toBe(200);
    const entries = body<Array<{ from: string; stake_per_solution: string; source: string }>>(put).data;
    expect(entries.find((e) => e.from === '2026-08-05T00:00:00.000Z')).toMatchObject({ stake_per_solution: '1100000', source: 'operator' });
    // The calculator follows the new entry (1,000 H/s at proof target 1e6: 4 solutions).
    expect(await get('/address-mining/aleo/stake-calculator?hashrate=1000')).toMatchObject({ stake_per_solution: '1100000', required_stake: '4400000' });
    // A change of an existing instant keeps the old value in the audit entry.
    await inject(t.app, { method: 'PUT', url, headers: auth(admin.tokens), payload: { ...body_, stake_per_solution: '1200000', reason: 'typo' } });
    const audit = await queryRows<{ action: string; detail: Record<string, string> }>(t.database.db, sql`select action, detail from admin_audit_log where target = 'aleo_stake:2026-08-05T00:00:00.000Z' order by created_at, id`);
    expect(audit).toEqual([
      { action: 'stake_schedule_update', detail: { from: '', to: '1100000', reason: 'network change' } },
      { action: 'stake_schedule_update', detail: { from: '1100000', to: '1200000', reason: 'typo' } },
    ]);
  });

  it('audits changes of one entry made at once, each from the value the one before left', async () => {
    const admin = await registerByEmail(t.app, inbox, ADMIN2);
    const url = '/api/admin/address-mining/aleo-stake-schedule';
    const from = '2026-09-01T00:00:00Z';
    const put = (value: string) => inject(t.app, { method: 'PUT', url, headers: auth(admin.tokens), payload: { from, stake_per_solution: value, reason: `set ${value}` } });
    expect((await put('1000000')).statusCode).toBe(200);
    // Each change reads the entry locked: the next waits, then reads what this one wrote.
    const values = Array.from({ length: 8 }, (_, i) => String(1_000_001 + i));
    for (const res of await Promise.all(values.map(put))) expect(res.statusCode, res.body).toBe(200);
    const audit = await queryRows<{ detail: Record<string, string> }>(t.database.db, sql`select detail from admin_audit_log where target = 'aleo_stake:2026-09-01T00:00:00.000Z' order by id`);
    expect(audit).toHaveLength(9);
    for (let i = 1; i < audit.length; i++) expect(audit[i]!.detail.from, JSON.stringify(audit)).toBe(audit[i - 1]!.detail.to);
    // A new instant too (no row to lock yet): one change creates it, the others change it.
    const fresh = '2026-10-01T00:00:00Z';
    const create = (value: string) => inject(t.app, { method: 'PUT', url, headers: auth(admin.tokens), payload: { from: fresh, stake_per_solution: value, reason: `set ${value}` } });
    for (const res of await Promise.all(values.map(create))) expect(res.statusCode, res.body).toBe(200);
    const created = await queryRows<{ detail: Record<string, string> }>(t.database.db, sql`select detail from admin_audit_log where target = 'aleo_stake:2026-10-01T00:00:00.000Z' order by id`);
    expect(created.map((a) => a.detail.from).filter((f) => f === '')).toHaveLength(1);
    for (let i = 1; i < created.length; i++) expect(created[i]!.detail.from, JSON.stringify(created)).toBe(created[i - 1]!.detail.to);
  });
});
