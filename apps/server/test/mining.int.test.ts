// The mining engine through HTTP: shares in through the ingest endpoint, figures out through the
// account calls, time moved by the fake clock.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeShareBatch, ERRORS, MAX_GROUPS_PER_ACCOUNT, SHARES_COMPACT_TYPE, type MinerRow, type ShareEvent, type Tokens } from '@hashpool/shared';
import { queryRows, sqlArray } from '../src/db/client';
import { IngestService } from '../src/modules/mining/ingest.service';
import { auth, inject, registerByEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

const KEY = 'ingest-key-for-tests-0123456789';
const TWO_32 = 4_294_967_296;
let t: TestApp;
const inbox = new SmtpInbox();

beforeAll(async () => {
  t = await startTestApp({ env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', INGEST_KEYS: KEY }, clock: undefined });
  t.clock.set('2026-06-01T12:00:00Z');
});
afterAll(async () => {
  await t?.close();
  await inbox.stop();
});

let batchNo = 0;
const send = async (shares: unknown[], batch_id = `b-${Date.now()}-${batchNo++}`, key = KEY) => {
  const r = await t.app.inject({ method: 'POST', url: '/api/internal/shares', headers: { 'x-ingest-key': key }, payload: { batch_id, shares } });
  return r;
};

async function userWithAccount() {
  const u = await registerByEmail(t.app, inbox);
  const mine = body<{ current_account: { name: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(u.tokens) })).data;
  return { ...u, account: mine.current_account.name };
}

const share = (account: string, worker: string, time: number, extra: Record<string, unknown> = {}) => ({
  coin: 'btc', account, worker, difficulty: 1, result: 'accepted', ip: '198.51.100.7', time, ...extra,
});

/** Fresh tokens, as the browser refreshes them: the fake clock outruns a 15-minute access token. */
async function fresh(u: { tokens: Tokens }): Promise<Tokens> {
  const res = await inject(t.app, { method: 'POST', url: '/api/users/refresh/login', payload: { refresh_token: u.tokens.refresh_token } });
  expect(res.statusCode, res.body).toBe(200);
  u.tokens = body<Tokens>(res).data;
  return u.tokens;
}

async function miners(u: { tokens: Tokens }, account: string, query = '') {
  await t.app.modules.mining.ingest.refreshWindows();
  const res = await inject(t.app, { url: `/api/pools/btc/accounts/${account}/miners${query}`, headers: auth(await fresh(u)) });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ list: MinerRow[]; total: number }>(res).data;
}

describe('hashrate', () => {
  it('600 difficulty-1 sha256d shares in one 10-minute point give 4,294,967,296 H/s', async () => {
    const u = await userWithAccount();
    const start = t.clock.now().getTime(); // 12:00:00, a point boundary
    const shares = Array.from({ length: 600 }, (_, i) => share(u.account, 'rig1', start + i * 1000));
    t.clock.advance(600_000);
    const res = await send(shares);
    expect(body<{ accepted: number; applied: boolean }>(res).data).toMatchObject({ accepted: 600, applied: true });
    await t.app.modules.mining.ingest.refreshWindows(); // the minute job writes workers' ended points
    const [point] = await queryRows<{ work: number; resolution: number }>(
      t.database.db,
      sql`select h.accepted_work as work, h.resolution from worker_history h join workers w on w.id = h.worker_id join mining_accounts a on a.id = w.account_id where lower(a.name) = lower(${u.account})`,
    );
    expect(Number(point!.work) / point!.resolution).toBe(TWO_32);
  });

  it('900 shares over the last 15 minutes give 2^32 H/s now, whatever the split and order; a duplicate batch changes nothing', async () => {
    const a = await userWithAccount();
    const b = await userWithAccount();
    t.clock.set('2026-06-02T08:00:00Z');
    const now = t.clock.now().getTime();
    const make = (account: string) => Array.from({ length: 900 }, (_, i) => share(account, 'rig1', now - 900_000 + i * 1000));
    // a: one batch of 900 (about 120 KB: read in a decoder thread, share-decoder.ts).
    expect((await send(make(a.account), 'single-batch-a')).statusCode).toBe(200);
    // b: the same shares in 7 batches, shuffled, sent concurrently (small: read in this thread).
    const shuffled = make(b.account).sort(() => Math.random() - 0.5);
    const parts = Array.from({ length: 7 }, (_, k) => shuffled.filter((_, i) => i % 7 === k));
    await Promise.all(parts.map((p, k) => send(p, `split-b-${k}`)));
    const [ra] = (await miners(a, a.account)).list;
    const [rb] = (await miners(b, b.account)).list;
    expect(ra!.accept_15m.value).toBe(TWO_32);
    expect(rb!.accept_15m.value).toBe(ra!.accept_15m.value);
    expect(rb!.accept_1h.value).toBe(ra!.accept_1h.value);
    expect(rb!.accepted_shares).toBe(900);

    // The re-send arrives with a new batch, into the same flush: only the new one counts.
    const [again, other] = await Promise.all([send(make(a.account), 'single-batch-a'), send([share(a.account, 'rig2', now - 1000)], 'beside-the-resend')]);
    expect(body<{ applied: boolean }>(again).data.applied).toBe(false);
    expect(body<{ applied: boolean }>(other).data.applied).toBe(true);
    const after = (await miners(a, a.account, '?sort=workerName&order=asc')).list;
    expect(after.map((r) => [r.worker_name, r.accepted_shares])).toEqual([['rig1', 900], ['rig2', 1]]);
    expect(after[0]!.accept_15m.value).toBe(TWO_32);
  });
});

describe('group commit', () => {
  it('writes at once when as many batches wait as the last flush wrote: the senders it answered are back', async () => {
    const u = await userWithAccount();
    // An interval of an hour: only flushNow() and the batch-count rule can write these.
    const ingest = new IngestService(t.database.db, t.clock, { flushIntervalMs: 3_600_000, decoderThreads: 0, deadAfterMs: 86_400_000, accounts: t.app.modules.accounts.directory });
    const batch = (n: number) => ingest.submit(`group-${u.account}-${n}`, [share(u.account, 'rig1', t.clock.now().getTime())]);
    const first = [batch(1), batch(2)];
    while (ingest.waitingBatches < 2) await new Promise((resolve) => setImmediate(resolve)); // after their account lookups
    await ingest.flushNow();
    expect((await Promise.all(first)).map((r) => r.applied)).toEqual([true, true]);
    // Two again (a re-send of one of them counts once, and is not one more sender back).
    const second = [batch(3), batch(3), batch(4)];
    expect((await Promise.all(second)).map((r) => r.applied)).toEqual([true, false, true]);
    await ingest.close();
  });
});

describe('bad input', () => {
  it('refuses and counts bad shares, storing none of them', async () => {
    const u = await userWithAccount();
    const now = t.clock.now().getTime();
    const res = await send([
      share(u.account, 'Bad-Name', now),
      share(u.account, 'x'.repeat(65), now),
      share(u.account, 'ok1', now, { difficulty: -1 }),
      share(u.account, 'ok1', now, { difficulty: 'NaN' }),
      share(u.account, 'ok1', now + 10 * 60_000),
      share(u.account, 'ok1', now - 2 * 3600_000),
      share(u.account, 'ok1', now, { coin: 'nope' }),
      share(u.account, 'ok1', now, { coin: 'kas' }),
      share('nosuchaccount99', 'ok1', now),
      { garbage: true },
    ]);
    const result = body<{ accepted: number; refused: number; refused_reasons: Record<string, number> }>(res).data;
    expect(result.accepted).toBe(0);
    expect(result.refused).toBe(10);
    expect(result.refused_reasons).toEqual({ bad_worker_name: 2, bad_difficulty: 1, malformed: 2, bad_time: 2, unknown_coin: 1, mode_mismatch: 1, unknown_account: 1 });
    expect((await miners(u, u.account)).total).toBe(0);
    const [counted] = await queryRows<{ n: string }>(t.database.db, sql`select coalesce(sum(count), 0)::text as n from ingest_refusals`);
    expect(Number(counted!.n)).toBeGreaterThanOrEqual(10);
  });

  it('refuses a malformed batch and a missing or wrong key', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/internal/shares', headers: { 'x-ingest-key': KEY }, payload: { batch_id: 'x', shares: 'no' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: ERRORS.validation_failed.code });
    // A large body is read in a decoder thread: the same answer, naming the field.
    const now = t.clock.now().getTime();
    const large = await t.app.inject({ method: 'POST', url: '/api/internal/shares', headers: { 'x-ingest-key': KEY }, payload: { batch_id: 'bad id with spaces', shares: Array.from({ length: 1000 }, () => share('nobody', 'rig1', now)) } });
    expect(large.statusCode).toBe(400);
    expect(large.json()).toMatchObject({ code: ERRORS.validation_failed.code, data: { fields: [{ field: 'body.batch_id', message_key: 'invalid' }] } });
    const notJson = await t.app.inject({ method: 'POST', url: '/api/internal/shares', headers: { 'x-ingest-key': KEY, 'content-type': 'application/json' }, payload: `{"batch_id":"abcdefgh","shares":[${'1,'.repeat(40_000)}` });
    expect(notJson.statusCode).toBe(400);
    expect((await send([{}], undefined, 'wrong-key-wrong-key-wrong')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/internal/shares', payload: { batch_id: 'abcdefgh', shares: [{}] } })).statusCode).toBe(401);
  });
});

describe('the compact encoding', () => {
  const sendCompact = (bytes: Uint8Array, key = KEY) =>
    t.app.inject({ method: 'POST', url: '/api/internal/shares', headers: { 'x-ingest-key': key, 'content-type': SHARES_COMPACT_TYPE }, payload: Buffer.from(bytes) });

  it('is taken like JSON: shares counted, bad ones refused by reason, a batch id counted once in either form', async () => {
    const u = await userWithAccount();
    const now = t.clock.now().getTime();
    const shares = [share(u.account, 'crig1', now), share(u.account, 'crig1', now, { difficulty: 3 }), share(u.account, 'crig2', now, { result: 'rejected' }), share(u.account, 'Bad-Name', now), share('nosuchaccount99', 'crig1', now)] as ShareEvent[];
    const bytes = encodeShareBatch({ batch_id: 'compact-batch-0001', shares });
    const first = await sendCompact(bytes);
    expect(first.statusCode, first.body).toBe(200);
    expect(body(first).data).toEqual({ batch_id: 'compact-batch-0001', applied: true, accepted: 3, refused: 2, refused_reasons: { bad_worker_name: 1, unknown_account: 1 } });
    // The same batch again, in this form and in JSON: nothing more is counted.
    expect(body<{ applied: boolean }>(await sendCompact(bytes)).data.applied).toBe(false);
    expect(body<{ applied: boolean }>(await send(shares, 'compact-batch-0001')).data.applied).toBe(false);
    const list = (await miners(u, u.account)).list;
    expect(list.map((w) => [w.worker_name, w.accepted_shares, w.reject_rate]).sort()).toEqual([['crig1', 2, 0], ['crig2', 0, 1]]);
    // A body over the in-thread size is read in a decoder thread: the same answer.
    const many = Array.from({ length: 2000 }, (_, i) => share(u.account, `crig${i % 40}`, now - i)) as ShareEvent[];
    const large = encodeShareBatch({ batch_id: 'compact-batch-0002', shares: many });
    expect(large.length).toBeGreaterThan(64 * 1024);
    expect(body(await sendCompact(large)).data).toMatchObject({ applied: true, accepted: 2000, refused: 0 });
  });

  it('is described in the OpenAPI document beside the JSON form', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, { post?: { requestBody?: { content?: Record<string, { schema: Record<string, unknown> }> } } }> };
    const content = doc.paths['/api/internal/shares']!.post!.requestBody!.content!;
    expect(Object.keys(content).sort()).toEqual(['application/json', SHARES_COMPACT_TYPE]);
    expect(content['application/json']!.schema).toMatchObject({ type: 'object', required: ['batch_id', 'shares'] });
    expect(content[SHARES_COMPACT_TYPE]!.schema).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('refuses a malformed body with validation_failed naming the part, and a missing or wrong key', async () => {
    const now = t.clock.now().getTime();
    const bytes = encodeShareBatch({ batch_id: 'compact-batch-0003', shares: [share('nobody1', 'rig1', now)] as ShareEvent[] });
    const truncated = await sendCompact(bytes.subarray(0, bytes.length - 5));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toMatchObject({ code: ERRORS.validation_failed.code, data: { fields: [{ field: 'body.shares' }] } });
    const json = await t.app.inject({ method: 'POST', url: '/api/internal/shares', headers: { 'x-ingest-key': KEY, 'content-type': SHARES_COMPACT_TYPE }, payload: '{"batch_id":"abcdefgh","shares":[{}]}' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ code: ERRORS.validation_failed.code, data: { fields: [{ field: 'body.header' }] } });
    const badId = await sendCompact(encodeShareBatch({ batch_id: 'bad id with spaces', shares: [share('nobody1', 'rig1', now)] as ShareEvent[] }));
    expect(badId.json()).toMatchObject({ code: ERRORS.validation_failed.code, data: { fields: [{ field: 'body.batch_id', message_key: 'invalid' }] } });
    expect((await sendCompact(bytes, 'wrong-key-wrong-key-wrong')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/internal/shares', headers: { 'content-type': SHARES_COMPACT_TYPE }, payload: Buffer.from(bytes) })).statusCode).toBe(401);
  });
});

describe('worker status', () => {
  it('is active at 14:59, inactive at 15:01 and dead after 24 hours without shares', async () => {
    const u = await userWithAccount();
    const last = t.clock.now().getTime();
    await send([share(u.account, 'quiet1', last)]);
    const status = async () => (await miners(u, u.account)).list[0]!.status;
    const counts = async () => body<Record<string, number>>(await inject(t.app, { url: `/api/pools/btc/accounts/${u.account}/miners/stats`, headers: auth(await fresh(u)) })).data;
    t.clock.set(new Date(last + 14 * 60_000 + 59_000));
    expect(await status()).toBe('active');
    t.clock.set(new Date(last + 15 * 60_000 + 1000));
    expect(await status()).toBe('inactive');
    expect(await counts()).toEqual({ total: 1, active: 0, inactive: 1, dead: 0 });
    t.clock.set(new Date(last + 24 * 3600_000 + 1000));
    expect(await status()).toBe('dead');
    expect((await miners(u, u.account, '?status=dead')).total).toBe(1);
    expect((await miners(u, u.account, '?status=active')).total).toBe(0);
  });
});

describe('worker list', () => {
  it('sorts, searches and pages', async () => {
    const u = await userWithAccount();
    const now = t.clock.now().getTime();
    const shares = ['alpha1', 'beta2', 'gamma3'].flatMap((w, k) => Array.from({ length: (k + 1) * 10 }, (_, i) => share(u.account, w, now - i * 1000)));
    await send(shares);
    const byRate = await miners(u, u.account, '?sort=now&order=desc');
    expect(byRate.list.map((r) => r.worker_name)).toEqual(['gamma3', 'beta2', 'alpha1']);
    const byName = await miners(u, u.account, '?sort=workerName&order=asc&page_size=2');
    expect(byName.list.map((r) => r.worker_name)).toEqual(['alpha1', 'beta2']);
    expect(byName.total).toBe(3);
    expect((await miners(u, u.account, '?search=ET')).list.map((r) => r.worker_name)).toEqual(['beta2']);
    const stats = body<{ hashrate_15m: number; workers: { active: number } }>(await inject(t.app, { url: `/api/pools/btc/accounts/${u.account}/stats`, headers: auth(u.tokens) })).data;
    expect(stats.workers.active).toBe(3);
    expect(stats.hashrate_15m).toBeGreaterThan(0);
  });

  it('reads a big sub-account’s pages, whole or of one status, from the orders the minute job writes, as a sort of its rows would', async () => {
    const u = await userWithAccount();
    const start = t.clock.now().getTime();
    const n = 1_050; // above ORDER_MIN_WORKERS; few distinct difficulties, so names break many ties
    const shares = (at: number, pick: (i: number) => boolean) =>
      Array.from({ length: n }, (_, i) => i).filter(pick).map((i) => share(u.account, `big${i}`, at - (i % 90) * 1000, { difficulty: 1 + (i % 7), result: i % 13 === 0 ? 'rejected' : 'accepted' }));
    expect((await send(shares(start, () => true))).statusCode).toBe(200);
    const first = await miners(u, u.account); // runs the pass
    const [account] = await queryRows<{ id: string }>(t.database.db, sql`select id::text as id from mining_accounts where lower(name) = lower(${u.account})`);
    const orders = async () => Number((await queryRows<{ n: string }>(t.database.db, sql`select count(*)::text as n from worker_orders where owner = ${account!.id}`))[0]!.n);
    expect(await orders()).toBe(5);
    expect(first.total).toBe(n);
    // The model: every row, sorted here by the column and then the name, both in the list's direction.
    const columns = { now: 'hashrate_15m', '1h': 'hashrate_1h', '24h': 'hashrate_24h', reject: 'reject_rate', lastShare: 'last_share_at' } as const;
    const check = async (status: 'all' | 'active' | 'inactive') => {
      const now = t.clock.now().getTime();
      const rows = (await queryRows<Record<string, string | number | Date>>(t.database.db, sql`select name, hashrate_15m, hashrate_1h, hashrate_24h, reject_rate, extract(epoch from last_share_at) * 1000 as last_share_at from workers where account_id = ${account!.id}::uuid`))
        .filter((r) => status === 'all' || (now - Number(r.last_share_at) < 15 * 60_000) === (status === 'active'));
      for (const [sort, column] of Object.entries(columns)) {
        const asc = [...rows].sort((a, b) => Number(a[column]) - Number(b[column]) || (String(a.name) < String(b.name) ? -1 : 1)).map((r) => String(r.name));
        for (const order of ['asc', 'desc'] as const) {
          const model = order === 'asc' ? asc : [...asc].reverse();
          for (const page of [1, 2, 14, 27]) {
            const got = await inject(t.app, { url: `/api/pools/btc/accounts/${u.account}/miners?sort=${sort}&order=${order}&page=${page}&page_size=40&status=${status}`, headers: auth(u.tokens) });
            const data = body<{ list: MinerRow[]; total: number }>(got).data;
            expect(data.list.map((r) => r.worker_name), `${status} ${sort} ${order} page ${page}`).toEqual(model.slice((page - 1) * 40, page * 40));
            expect(data.total).toBe(rows.length);
          }
        }
      }
    };
    await check('all');
    // A page far past the end (any page number is valid): an empty page, whole or of one status.
    for (const status of ['all', 'active'] as const) {
      const far = await inject(t.app, { url: `/api/pools/btc/accounts/${u.account}/miners?sort=now&order=desc&page=${Number.MAX_SAFE_INTEGER}&page_size=100&status=${status}`, headers: auth(u.tokens) });
      expect(far.statusCode, status).toBe(200);
      expect(body<{ list: MinerRow[]; total: number }>(far).data).toEqual({ list: [], total: n });
    }
    // 16 minutes on, half of them mine again: the other half are inactive at the next pass.
    t.clock.advance(16 * 60_000);
    await send(shares(t.clock.now().getTime(), (i) => i % 2 === 0));
    await miners(u, u.account);
    for (const status of ['all', 'active', 'inactive'] as const) await check(status);
    // Clearing workers drops the orders: the list sorts the rows until the next pass, alike.
    const gone = first.list.slice(0, 3).map((r) => r.id);
    expect(body<{ count: number }>(await inject(t.app, { method: 'DELETE', url: `/api/pools/btc/accounts/${u.account}/miners`, headers: auth(u.tokens), payload: { mode: 'selected', worker_ids: gone } })).data.count).toBe(3);
    expect(await orders()).toBe(0);
    await check('all');
    await check('inactive');
  });

  it('never shows another user’s workers', async () => {
    const owner = await userWithAccount();
    const other = await userWithAccount();
    await send([share(owner.account, 'mine1', t.clock.now().getTime())]);
    for (const path of ['miners', 'miners/stats', 'stats']) {
      const res = await inject(t.app, { url: `/api/pools/btc/accounts/${owner.account}/${path}`, headers: auth(other.tokens) });
      expect(res.statusCode, path).toBe(404);
      expect((await inject(t.app, { url: `/api/pools/btc/accounts/${owner.account}/${path}` })).statusCode).toBe(401);
    }
    expect(body(await inject(t.app, { url: `/api/pools/kas/accounts/${owner.account}/miners`, headers: auth(owner.tokens) })).code).toBe(ERRORS.coin_not_found.code);
  });
});

describe('groups', () => {
  it('creates, moves into, renames and deletes groups; deleted groups return workers to the default', async () => {
    const u = await userWithAccount();
    const now = t.clock.now().getTime();
    await send(['a1', 'a2', 'a3'].map((w) => share(u.account, w, now)));
    const ids = (await miners(u, u.account, '?sort=workerName&order=asc')).list.map((r) => r.id);
    const created = await inject(t.app, { method: 'POST', url: '/api/pools/btc/miners/groups', headers: auth(await fresh(u)), payload: { account: u.account, name: 'Rack A' } });
    expect(created.statusCode, created.body).toBe(200);
    const groupId = body<{ id: number }>(created).data.id;
    const dup = await inject(t.app, { method: 'POST', url: '/api/pools/btc/miners/groups', headers: auth(u.tokens), payload: { account: u.account, name: 'rack a' } });
    expect(body(dup).code).toBe(ERRORS.group_name_taken.code);
    const moved = await inject(t.app, { method: 'PUT', url: '/api/pools/btc/miners', headers: auth(u.tokens), payload: { account: u.account, worker_ids: ids.slice(0, 2), group_id: groupId } });
    expect(body<{ count: number }>(moved).data.count).toBe(2);
    const groups = async () => body<Array<{ id: number | null; name: string; total: number }>>(await inject(t.app, { url: `/api/pools/btc/accounts/${u.account}/groups`, headers: auth(await fresh(u)) })).data;
    expect(await groups()).toEqual([
      { id: null, name: 'default', total: 1, active: 1 },
      { id: groupId, name: 'Rack A', total: 2, active: 2 },
    ]);
    expect((await miners(u, u.account, `?group=${groupId}`)).total).toBe(2);
    expect((await miners(u, u.account, '?group=default')).total).toBe(1);
    expect((await inject(t.app, { method: 'PUT', url: `/api/miners/groups/${groupId}`, headers: auth(u.tokens), payload: { name: 'Rack B' } })).statusCode).toBe(200);
    expect((await inject(t.app, { method: 'DELETE', url: `/api/miners/groups/${groupId}`, headers: auth(u.tokens), payload: {} })).statusCode).toBe(200);
    expect(await groups()).toEqual([{ id: null, name: 'default', total: 3, active: 3 }]);
    // The list's totals (kept in worker_counts as workers are made, moved and deleted) agree.
    expect([(await miners(u, u.account)).total, (await miners(u, u.account, '?group=default')).total]).toEqual([3, 3]);
  });

  it('a move racing the deletion of its group is group_not_found or done before it, never a 500; the counts agree', async () => {
    const u = await userWithAccount();
    const now = t.clock.now().getTime();
    await send(['r1', 'r2', 'r3'].map((w) => share(u.account, w, now)));
    const ids = (await miners(u, u.account)).list.map((r) => r.id);
    const tokens = await fresh(u);
    for (let round = 0; round < 5; round++) {
      const g = body<{ id: number }>(await inject(t.app, { method: 'POST', url: '/api/pools/btc/miners/groups', headers: auth(tokens), payload: { account: u.account, name: `Race ${round}` } })).data.id;
      const [moved, deleted] = await Promise.all([
        inject(t.app, { method: 'PUT', url: '/api/pools/btc/miners', headers: auth(tokens), payload: { account: u.account, worker_ids: ids, group_id: g } }),
        inject(t.app, { method: 'DELETE', url: `/api/miners/groups/${g}`, headers: auth(tokens), payload: {} }),
      ]);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect([200, 404], moved.body).toContain(moved.statusCode);
      if (moved.statusCode === 404) expect(body(moved).code).toBe(ERRORS.group_not_found.code);
    }
    // Whatever the order, the workers are back in the default group and the kept counts say so.
    expect([(await miners(u, u.account)).total, (await miners(u, u.account, '?group=default')).total]).toEqual([3, 3]);
  });

  it('holds at most 500 groups per sub-account and coin', async () => {
    const u = await userWithAccount();
    const [acc] = await queryRows<{ id: string }>(t.database.db, sql`select id::text from mining_accounts where name = ${u.account}`);
    await t.database.db.execute(sql`insert into worker_groups (account_id, coin, name, created_at) select ${acc!.id}::uuid, 'btc', 'g' || n, now() from generate_series(1, ${MAX_GROUPS_PER_ACCOUNT - 3}) n`);
    const create = async (name: string, coin = 'btc', headers?: Record<string, string>) => inject(t.app, { method: 'POST', url: `/api/pools/${coin}/miners/groups`, headers: headers ?? auth(await fresh(u)), payload: { account: u.account, name } });
    // Eight creations at once for the last three places: three pass.
    const headers = auth(await fresh(u));
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => create(`burst ${i}`, 'btc', headers)));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    expect(body(burst.find((r) => r.statusCode === 409)!).code).toBe(ERRORS.group_limit.code);
    // One place freed: one more passes.
    await t.database.db.execute(sql`delete from worker_groups where account_id = ${acc!.id}::uuid and name = 'g1'`);
    expect((await create('last one')).statusCode).toBe(200);
    const refused = await create('one too many');
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({ code: ERRORS.group_limit.code, msg: `This sub-account already has ${MAX_GROUPS_PER_ACCOUNT} groups for this coin. Delete one you no longer use first.` });
    expect(await queryRows(t.database.db, sql`select 1 from worker_groups where name = 'one too many'`)).toEqual([]);
    expect((await create('another coin', 'ltc')).statusCode).toBe(200); // the limit is per coin
  });

  it('refuses blank names and other users’ groups and workers', async () => {
    const owner = await userWithAccount();
    const other = await userWithAccount();
    await send([share(owner.account, 'o1', t.clock.now().getTime())]);
    const [w] = (await miners(owner, owner.account)).list;
    const g = body<{ id: number }>(await inject(t.app, { method: 'POST', url: '/api/pools/btc/miners/groups', headers: auth(owner.tokens), payload: { account: owner.account, name: 'Mine' } })).data;
    const blank = await inject(t.app, { method: 'POST', url: '/api/pools/btc/miners/groups', headers: auth(owner.tokens), payload: { account: owner.account, name: '   ' } });
    expect(body<{ fields: Array<{ message_key: string }> }>(blank).data.fields?.[0]?.message_key).toBe('nickname_blank');
    await fresh(other);
    expect((await inject(t.app, { method: 'PUT', url: `/api/miners/groups/${g.id}`, headers: auth(other.tokens), payload: { name: 'Stolen' } })).statusCode).toBe(404);
    expect((await inject(t.app, { method: 'DELETE', url: `/api/miners/groups/${g.id}`, headers: auth(other.tokens), payload: {} })).statusCode).toBe(404);
    // Moving someone else's worker into one's own group moves nothing.
    const og = body<{ id: number }>(await inject(t.app, { method: 'POST', url: '/api/pools/btc/miners/groups', headers: auth(other.tokens), payload: { account: other.account, name: 'Theirs' } })).data;
    const steal = await inject(t.app, { method: 'PUT', url: '/api/pools/btc/miners', headers: auth(other.tokens), payload: { account: other.account, worker_ids: [w!.id], group_id: og.id } });
    expect(body<{ count: number }>(steal).data.count).toBe(0);
    const clear = await inject(t.app, { method: 'DELETE', url: `/api/pools/btc/accounts/${other.account}/miners`, headers: auth(other.tokens), payload: { mode: 'selected', worker_ids: [w!.id] } });
    expect(body<{ count: number }>(clear).data.count).toBe(0);
    expect((await miners(owner, owner.account)).total).toBe(1);
  });

  it('clears inactive and dead workers', async () => {
    const u = await userWithAccount();
    const now = t.clock.now().getTime();
    await send([share(u.account, 'old1', now - 50 * 60_000), share(u.account, 'new1', now)]);
    const res = await inject(t.app, { method: 'DELETE', url: `/api/pools/btc/accounts/${u.account}/miners`, headers: auth(await fresh(u)), payload: { mode: 'inactive' } });
    expect(body<{ count: number }>(res).data.count).toBe(1);
    expect((await miners(u, u.account)).list.map((r) => r.worker_name)).toEqual(['new1']);
    // A cleared worker that mines again comes back new: ingestion remembered its old id.
    await send([share(u.account, 'old1', now)]);
    const back = await miners(u, u.account, '?sort=workerName&order=asc');
    expect(back.list.map((r) => [r.worker_name, r.accepted_shares])).toEqual([['new1', 1], ['old1', 1]]);
    expect(back.total).toBe(2);
  });
});

describe('charts', () => {
  it('gives 10-minute points for 24 hours and hourly points for 30 days, for the account, the worker and the pool', async () => {
    const u = await userWithAccount();
    t.clock.set('2026-06-10T06:00:00Z');
    const start = t.clock.now().getTime();
    // 600 difficulty-1 shares in each of two 10-minute points (06:00 and 06:10).
    const shares = Array.from({ length: 1200 }, (_, i) => share(u.account, 'chart1', start + i * 1000));
    t.clock.set('2026-06-10T06:20:00Z');
    await send(shares.slice(0, 600));
    await send(shares.slice(600));
    await fresh(u);
    const get = async (url: string) => body<{ resolution: number; points: Array<{ time: string; hashrate: number }> }>(await inject(t.app, { url, headers: auth(u.tokens) })).data;
    const day = await get(`/api/pools/btc/accounts/${u.account}/hashrates?range=24h`);
    expect(day.resolution).toBe(600);
    expect(day.points).toHaveLength(144);
    expect(day.points.slice(-2).map((p) => p.hashrate)).toEqual([TWO_32, TWO_32]);
    expect(day.points.at(-2)!.time).toBe('2026-06-10T06:00:00.000Z');
    expect(day.points[0]!.hashrate).toBe(0);
    const month = await get(`/api/pools/btc/accounts/${u.account}/hashrates?range=30d`);
    expect(month.resolution).toBe(3600);
    expect(month.points).toHaveLength(720);
    // 06:00 is the unfinished hour at 06:20, so the month view ends before it.
    expect(month.points.at(-1)!.time).toBe('2026-06-10T05:00:00.000Z');
    const [worker] = (await miners(u, u.account)).list;
    const w = await get(`/api/pools/btc/accounts/${u.account}/miners/${worker!.id}/hashrates`);
    expect(w.points.at(-1)!.hashrate).toBe(TWO_32);
    const pool = body<{ points: Array<{ hashrate: number }> }>(await t.app.inject({ url: '/api/pools/btc/hashrates' })).data;
    expect(pool.points.at(-1)!.hashrate).toBeGreaterThanOrEqual(TWO_32);
    const other = await userWithAccount();
    expect((await inject(t.app, { url: `/api/pools/btc/accounts/${u.account}/miners/${worker!.id}/hashrates`, headers: auth(other.tokens) })).statusCode).toBe(404);
    expect((await inject(t.app, { url: `/api/pools/btc/accounts/${other.account}/miners/${worker!.id}`, headers: auth(other.tokens) })).statusCode).toBe(404);
  });
});

describe('alerts and the message centre', () => {
  type Msg = { id: number; type: string; params: { workers?: string[]; account?: string; coin?: string }; read: boolean };
  const inboxOf = async (u: { tokens: Tokens }) => body<{ list: Msg[]; total: number; unread: number }>(await inject(t.app, { url: '/api/messages?page_size=50', headers: auth(await fresh(u)) })).data;
  const tick = async () => {
    await t.app.modules.mining.ingest.refreshWindows();
    return t.app.modules.mining.alerts.evaluate();
  };

  it('sends one offline alert per interval, notices recovery, and mails the notification mailbox', async () => {
    t.clock.set('2026-06-20T00:00:00Z');
    const u = await userWithAccount();
    const start = t.clock.now().getTime();
    await send([share(u.account, 'flap1', start), share(u.account, 'steady1', start)]);
    await tick();
    expect((await inboxOf(u)).total).toBe(0);

    // flap1 stops; steady1 keeps going.
    const keepSteady = async () => send([share(u.account, 'steady1', t.clock.now().getTime())]);
    t.clock.set(new Date(start + 15 * 60_000 + 1000));
    await keepSteady();
    const since = inbox.mails.length;
    await tick();
    let messages = (await inboxOf(u)).list;
    expect(messages.map((m) => m.type)).toEqual(['miner_offline']);
    expect(messages[0]!.params.workers).toEqual(['flap1']);
    expect((await inbox.next(u.email, since)).subject).toMatch(/offline/);

    t.clock.advance(10 * 60_000);
    await keepSteady();
    await tick();
    expect((await inboxOf(u)).total).toBe(1); // within the repeat interval: quiet

    t.clock.set(new Date(start + 15 * 60_000 + 1000 + 60 * 60_000));
    await keepSteady();
    await tick();
    expect((await inboxOf(u)).list.map((m) => m.type)).toEqual(['miner_offline', 'miner_offline']);

    await send([share(u.account, 'flap1', t.clock.now().getTime())]);
    await tick();
    messages = (await inboxOf(u)).list;
    expect(messages[0]!.type).toBe('miner_online');

    // Offline again soon after: no new alert within the interval.
    t.clock.advance(16 * 60_000);
    await keepSteady();
    await tick();
    expect((await inboxOf(u)).total).toBe(3);
  });

  it('clears the offline alert without a “back online” message when its worker turns dead', async () => {
    t.clock.set('2026-06-24T00:00:00Z');
    const u = await userWithAccount();
    const start = t.clock.now().getTime();
    await send([share(u.account, 'gone1', start), share(u.account, 'kept1', start)]);
    await tick();
    const keep = async () => send([share(u.account, 'kept1', t.clock.now().getTime())]);
    t.clock.set(new Date(start + 15 * 60_000 + 1000));
    await keep();
    await tick();
    expect((await inboxOf(u)).list.map((m) => m.type)).toEqual(['miner_offline']);
    // A day without a share: gone1 is dead, no longer offline, and it never came back.
    for (let h = 1; h <= 25; h++) {
      t.clock.set(new Date(start + h * 3600_000));
      await keep();
    }
    await tick();
    const types = (await inboxOf(u)).list.map((m) => m.type);
    expect(types).not.toContain('miner_online');
    // Its next stop is a new alert: the old one ended.
    t.clock.advance(16 * 60_000);
    await tick();
    expect((await inboxOf(u)).list.filter((m) => m.type === 'miner_offline')).toHaveLength(types.filter((x) => x === 'miner_offline').length + 1);
  });

  it('keeps a user’s messages 180 days: older ones go when a newer one is posted, other users’ stay', async () => {
    t.clock.set('2026-06-30T12:00:00Z');
    const u = await userWithAccount();
    const other = await userWithAccount();
    const idOf = async (x: { tokens: Tokens }) => body<{ id: string }>(await inject(t.app, { url: '/api/users/mine', headers: auth(await fresh(x)) })).data.id;
    const [mine, theirs] = [await idOf(u), await idOf(other)];
    const post = (userId: string, at: string, account: string) => {
      t.clock.set(at);
      return t.app.platform.notifications.post({ userId, type: 'setting_update', params: { account } });
    };
    await post(mine, '2026-01-01T00:00:00Z', 'old');
    await post(theirs, '2026-01-01T00:00:00Z', 'theirs');
    await post(mine, '2026-01-03T00:00:00Z', 'kept');
    t.clock.set('2026-06-30T12:00:00Z'); // 180 days after 1 January at noon
    expect((await inboxOf(u)).list.map((m) => m.params.account)).toEqual(['kept', 'old']);
    await post(mine, '2026-06-30T12:00:00Z', 'new');
    const inbox = await inboxOf(u);
    expect(inbox.list.map((m) => m.params.account)).toEqual(['new', 'kept']);
    expect(inbox).toMatchObject({ total: 2, unread: 2 });
    expect((await inboxOf(other)).list.map((m) => m.params.account)).toEqual(['theirs']);
  });

  it('raises the hashrate alarm under the threshold; marks read and deletes only the caller’s messages', async () => {
    const u = await userWithAccount();
    await send([share(u.account, 'slow1', t.clock.now().getTime())]);
    const settings = await inject(t.app, { method: 'PUT', url: `/api/pools/btc/accounts/${u.account}/alert-settings`, headers: auth(await fresh(u)), payload: { offline_alert: true, hashrate_threshold: 1e15, repeat_minutes: 30, email: false } });
    expect(settings.statusCode, settings.body).toBe(200);
    await tick();
    const box = await inboxOf(u);
    expect(box.list.map((m) => m.type).sort()).toEqual(['hashrate_alarm', 'setting_update']);
    // The setting update names the sub-account whose settings changed.
    expect(box.list.find((m) => m.type === 'setting_update')!.params).toMatchObject({ account: u.account, coin: 'btc' });
    expect(box.unread).toBe(2);

    const other = await userWithAccount();
    const ids = box.list.map((m) => m.id);
    const theirs = await inject(t.app, { method: 'PUT', url: '/api/messages/read', headers: auth(other.tokens), payload: { ids } });
    expect(body<{ count: number }>(theirs).data.count).toBe(0);
    expect((await inject(t.app, { method: 'DELETE', url: '/api/messages', headers: auth(other.tokens), payload: { all: true } })).statusCode).toBe(200);
    expect((await inboxOf(u)).total).toBe(2);

    await inject(t.app, { method: 'PUT', url: '/api/messages/read', headers: auth(u.tokens), payload: { ids: [ids[0]!] } });
    expect((await inboxOf(u)).unread).toBe(1);
    await inject(t.app, { method: 'DELETE', url: '/api/messages', headers: auth(u.tokens), payload: { ids: [ids[0]!] } });
    expect((await inboxOf(u)).total).toBe(1);
    const bad = await inject(t.app, { method: 'PUT', url: `/api/pools/btc/accounts/${u.account}/alert-settings`, headers: auth(u.tokens), payload: { offline_alert: true, hashrate_threshold: -1, repeat_minutes: 1, email: true } });
    expect(bad.statusCode).toBe(400);
  });

  describe('per worker group', () => {
    type GroupAlert = { id: number; name: string; total: number; active: number; hashrate_15m: number; hashrate_threshold: number | null };
    type GroupMsg = { id: number; type: string; params: Record<string, unknown> };
    const groupAlerts = async (u: { tokens: Tokens; account: string }) => {
      const res = await inject(t.app, { url: `/api/pools/btc/accounts/${u.account}/group-alerts`, headers: auth(await fresh(u)) });
      expect(res.statusCode, res.body).toBe(200);
      return body<GroupAlert[]>(res).data;
    };
    const setThreshold = async (u: { tokens: Tokens }, groupId: number, hashrate_threshold: unknown) =>
      inject(t.app, { method: 'PUT', url: `/api/miners/groups/${groupId}/alert-settings`, headers: auth(await fresh(u)), payload: { hashrate_threshold } });
    const newGroup = async (u: { tokens: Tokens; account: string }, name: string, workerIds: number[]) => {
      const g = body<{ id: number }>(await inject(t.app, { method: 'POST', url: '/api/pools/btc/miners/groups', headers: auth(await fresh(u)), payload: { account: u.account, name } })).data;
      const moved = await inject(t.app, { method: 'PUT', url: '/api/pools/btc/miners', headers: auth(u.tokens), payload: { account: u.account, worker_ids: workerIds, group_id: g.id } });
      expect(body<{ count: number }>(moved).data.count).toBe(workerIds.length);
      return g.id;
    };
    /** The user's hashrate alarms and recoveries, oldest first. */
    const alarmsOf = async (u: { tokens: Tokens }) =>
      body<{ list: GroupMsg[] }>(await inject(t.app, { url: '/api/messages?page_size=100', headers: auth(await fresh(u)) })).data.list
        .filter((m) => m.type === 'hashrate_alarm' || m.type === 'hashrate_recovered')
        .reverse();
    const stateRows = async (groupId: number) =>
      queryRows<{ firing: boolean }>(t.database.db, sql`select firing from group_alert_state where group_id = ${groupId}`);

    it('alarms once per repeat interval when the group’s workers sum below its threshold, notices recovery once, and mails it', async () => {
      t.clock.set('2026-06-22T00:00:00Z');
      const u = await userWithAccount();
      const start = t.clock.now().getTime();
      // Two slow workers in "Rack A" (about 4.8 MH/s each) and a fast one in the default group:
      // the sub-account is far above 1 PH/s, the group far below.
      const slow = () => send([...['ga1', 'ga2'].map((w) => share(u.account, w, t.clock.now().getTime())), share(u.account, 'fast1', t.clock.now().getTime(), { difficulty: 1e9 })]);
      await slow();
      const ids = (await miners(u, u.account, '?sort=workerName&order=asc')).list.filter((r) => r.worker_name.startsWith('ga')).map((r) => r.id);
      const rack = await newGroup(u, 'Rack A', ids);
      // Another group that stays above its threshold never alarms.
      const fastId = (await miners(u, u.account)).list.find((r) => r.worker_name === 'fast1')!.id;
      const fastGroup = await newGroup(u, 'Rack B', [fastId]);
      const account = await inject(t.app, { method: 'PUT', url: `/api/pools/btc/accounts/${u.account}/alert-settings`, headers: auth(u.tokens), payload: { offline_alert: false, hashrate_threshold: null, repeat_minutes: 30, email: true } });
      expect(account.statusCode, account.body).toBe(200);
      expect((await setThreshold(u, rack, 1e15)).statusCode).toBe(200);
      expect((await setThreshold(u, fastGroup, 1e12)).statusCode).toBe(200);

      await t.app.modules.mining.ingest.refreshWindows();
      const listed = await groupAlerts(u);
      expect(listed.map((g) => [g.name, g.total, g.hashrate_threshold])).toEqual([['Rack A', 2, 1e15], ['Rack B', 1, 1e12]]);
      expect(listed[0]!.hashrate_15m).toBeCloseTo((2 * TWO_32) / 900, 0);
      // Setting a group's threshold is a setting update that names the group.
      const updates = body<{ list: GroupMsg[] }>(await inject(t.app, { url: '/api/messages?type=setting_update', headers: auth(u.tokens) })).data.list;
      expect(updates.map((m) => m.params.group)).toEqual(['Rack B', 'Rack A', undefined]);
      expect(updates[1]!.params).toMatchObject({ setting: 'group_alert', account: u.account, coin: 'btc' });

      const since = inbox.mails.length;
      await tick();
      let alarms = await alarmsOf(u);
      expect(alarms.map((m) => [m.type, m.params.group])).toEqual([['hashrate_alarm', 'Rack A']]);
      expect(alarms[0]!.params).toMatchObject({ coin: 'btc', account: u.account, group_id: rack, threshold: 1e15 });
      expect(alarms[0]!.params.hashrate).toBeCloseTo((2 * TWO_32) / 900, 0);
      expect((await inbox.next(u.email, since)).subject).toBe(`BTC ${u.account}: group Rack A below 1.00 PH/s`);

      // Still below 10 and 29 minutes later: quiet within the account's 30-minute repeat interval.
      for (const minutes of [10, 29]) {
        t.clock.set(new Date(start + minutes * 60_000));
        await slow();
        await tick();
        expect(await alarmsOf(u)).toHaveLength(1);
      }
      t.clock.set(new Date(start + 30 * 60_000));
      await slow();
      await tick();
      expect((await alarmsOf(u)).map((m) => m.type)).toEqual(['hashrate_alarm', 'hashrate_alarm']);
      expect(await stateRows(rack)).toEqual([{ firing: true }]);

      // A fast share in the group lifts it over the threshold: one recovery, then nothing more.
      const mailsBefore = inbox.mails.length;
      await send([share(u.account, 'ga1', t.clock.now().getTime(), { difficulty: 1e9 })]);
      await tick();
      alarms = await alarmsOf(u);
      expect(alarms.map((m) => m.type)).toEqual(['hashrate_alarm', 'hashrate_alarm', 'hashrate_recovered']);
      expect(alarms[2]!.params).toMatchObject({ group: 'Rack A', group_id: rack });
      expect((await inbox.next(u.email, mailsBefore)).subject).toBe(`BTC ${u.account}: group Rack A recovered`);
      t.clock.advance(60_000);
      await tick();
      expect(await alarmsOf(u)).toHaveLength(3);
      expect(await stateRows(rack)).toEqual([{ firing: false }]);
      // Rack B stayed above its threshold all along, and the sub-account has no threshold of its own.
      expect(alarms.every((m) => m.params.group === 'Rack A')).toBe(true);
    });

    it('forgets the alarm when the threshold is removed or the group deleted, without a recovery', async () => {
      t.clock.set('2026-06-23T00:00:00Z');
      const u = await userWithAccount();
      await send([share(u.account, 'gb1', t.clock.now().getTime())]);
      const [w] = (await miners(u, u.account)).list;
      const g = await newGroup(u, 'Shelf', [w!.id]);
      await setThreshold(u, g, 1e15);
      await tick();
      expect((await alarmsOf(u)).map((m) => m.type)).toEqual(['hashrate_alarm']);
      expect(await stateRows(g)).toEqual([{ firing: true }]);

      // Turned off: the state goes, no "recovered" follows.
      expect((await setThreshold(u, g, null)).statusCode).toBe(200);
      expect((await groupAlerts(u))[0]!.hashrate_threshold).toBeNull();
      expect(await stateRows(g)).toEqual([]);
      t.clock.advance(60 * 60_000);
      await send([share(u.account, 'gb1', t.clock.now().getTime())]);
      await tick();
      expect(await alarmsOf(u)).toHaveLength(1);

      // On again: a fresh alarm at once. Then the group is deleted: threshold and state go with it.
      await setThreshold(u, g, 1e15);
      await tick();
      expect(await alarmsOf(u)).toHaveLength(2);
      expect(await stateRows(g)).toEqual([{ firing: true }]);
      expect((await inject(t.app, { method: 'DELETE', url: `/api/miners/groups/${g}`, headers: auth(await fresh(u)), payload: {} })).statusCode).toBe(200);
      expect(await stateRows(g)).toEqual([]);
      expect(await queryRows(t.database.db, sql`select 1 from worker_groups where id = ${g}`)).toEqual([]);
      expect(await groupAlerts(u)).toEqual([]);
      t.clock.advance(60 * 60_000);
      await send([share(u.account, 'gb1', t.clock.now().getTime())]);
      await tick();
      expect(await alarmsOf(u)).toHaveLength(2);
    });

    it('lets only the owner read and change a group’s threshold, and validates it', async () => {
      const owner = await userWithAccount();
      const other = await userWithAccount();
      await send([share(owner.account, 'gc1', t.clock.now().getTime())]);
      const [w] = (await miners(owner, owner.account)).list;
      const g = await newGroup(owner, 'Mine', [w!.id]);
      await fresh(other);
      const read = { method: 'GET' as const, url: `/api/pools/btc/accounts/${owner.account}/group-alerts` };
      const write = { method: 'PUT' as const, url: `/api/miners/groups/${g}/alert-settings`, payload: { hashrate_threshold: 1e12 } };
      // Who, what, and the HTTP status: the owner may, another user sees no such account or group,
      // nobody logged in is told to log in.
      const matrix: Array<[string, Record<string, string>, typeof read | typeof write, number]> = [
        ['owner', auth(await fresh(owner)), read, 200],
        ['owner', auth(owner.tokens), write, 200],
        ['other user', auth(other.tokens), read, 404],
        ['other user', auth(other.tokens), write, 404],
        ['anonymous', {}, read, 401],
        ['anonymous', {}, write, 401],
      ];
      for (const [who, headers, request, status] of matrix) {
        const res = await inject(t.app, { ...request, headers });
        expect(res.statusCode, `${who} ${request.method} ${request.url}: ${res.body}`).toBe(status);
      }
      expect((await inject(t.app, { ...write, headers: auth(other.tokens) })).json()).toMatchObject({ code: ERRORS.group_not_found.code });
      // The other user's change did not land (the owner's did), and no message went to them.
      expect((await groupAlerts(owner))[0]!.hashrate_threshold).toBe(1e12);
      expect(body<{ total: number }>(await inject(t.app, { url: '/api/messages', headers: auth(other.tokens) })).data.total).toBe(0);
      // The default group has no id, so it has no threshold of its own to set.
      expect((await inject(t.app, { method: 'PUT', url: '/api/miners/groups/0/alert-settings', headers: auth(owner.tokens), payload: { hashrate_threshold: 1 } })).statusCode).toBe(400);

      for (const [value, key] of [[0, 'hashrate_threshold'], [-5, 'hashrate_threshold'], [1e31, 'hashrate_threshold'], ['1000', 'hashrate_threshold'], [undefined, 'required']] as const) {
        const res = await setThreshold(owner, g, value);
        expect(res.statusCode, `${String(value)}: ${res.body}`).toBe(400);
        expect(body<{ fields: Array<{ field: string; message_key: string }> }>(res).data.fields).toEqual([expect.objectContaining({ field: 'body.hashrate_threshold', message_key: key })]);
      }
      expect((await groupAlerts(owner))[0]!.hashrate_threshold).toBe(1e12);
    });
  });
});

describe('blocks and the network', () => {
  const events = (list: unknown[]) => t.app.inject({ method: 'POST', url: '/api/internal/blocks', headers: { 'x-ingest-key': KEY }, payload: { events: list } });

  it('records found blocks with effort, confirms them at maturity, marks orphans, and shows them publicly', async () => {
    const u = await userWithAccount();
    t.clock.set('2026-07-01T00:00:00Z');
    const t0 = t.clock.now().getTime();
    const hash = (n: number) => `${n}`.padStart(64, 'a');
    expect((await events([{ type: 'found', coin: 'btc', height: 900000, hash: hash(1), reward: '3.125', account: u.account, worker: 'rig1', difficulty: 100, time: t0 }])).statusCode).toBe(200);
    // 600 difficulty-1 shares: 600 x 2^32 hashes; the next block at difficulty 300 expects 300 x 2^32: effort 2.
    t.clock.advance(10 * 60_000);
    await send(Array.from({ length: 600 }, (_, i) => share(u.account, 'rig1', t0 + i * 1000)));
    const r = await events([
      { type: 'found', coin: 'btc', height: 900001, hash: hash(2), reward: '3.25', account: u.account, worker: 'rig1', difficulty: 300, time: t.clock.now().getTime() },
      { type: 'confirmations', coin: 'btc', hash: hash(1), confirmations: 101 },
      { type: 'orphaned', coin: 'btc', hash: hash(2) },
      { type: 'network', coin: 'btc', difficulty: 1e14, height: 900001, time: t.clock.now().getTime() - 60_000 },
      { type: 'found', coin: 'nope', height: 1, hash: hash(3), reward: '1', account: u.account, worker: 'x', difficulty: 1, time: t0 },
      // A reward finer than the satoshi is no BTC amount: its settlement could never be posted.
      { type: 'found', coin: 'btc', height: 900002, hash: hash(4), reward: '3.125000001', account: u.account, worker: 'rig1', difficulty: 300, time: t.clock.now().getTime() },
      // Nor is a reward of nothing a block to settle (the ledger posts no zero entry).
      { type: 'found', coin: 'btc', height: 900003, hash: hash(5), reward: '0.000', account: u.account, worker: 'rig1', difficulty: 300, time: t.clock.now().getTime() },
    ]);
    expect(body(r).data).toEqual({ recorded: 4, refused: 3 });
    // Counts that change nothing are not recorded: the same or a lower one, or one for an orphan.
    const again = await events([
      { type: 'confirmations', coin: 'btc', hash: hash(1), confirmations: 101 },
      { type: 'confirmations', coin: 'btc', hash: hash(1), confirmations: 50 },
      { type: 'confirmations', coin: 'btc', hash: hash(2), confirmations: 3 },
    ]);
    expect(body(again).data).toEqual({ recorded: 0, refused: 0 });
    const list = body<{ list: Array<{ height: number; status: string; effort: number | null; finder: string; reward: string }>; total: number }>(await t.app.inject({ url: '/api/pools/btc/blocks' })).data;
    expect(list.list.slice(0, 2).map((b) => [b.height, b.status, b.effort])).toEqual([
      [900001, 'orphaned', 2],
      [900000, 'confirmed', null],
    ]);
    expect(list.list[0]!.finder).not.toContain(u.account);
    expect(list.list[1]!.reward).toBe('3.125');
    const network = body<{ points: Array<{ hashrate: number }> }>(await t.app.inject({ url: '/api/pools/btc/network-hashrate' })).data;
    expect(network.points.at(-1)!.hashrate).toBeCloseTo((1e14 * 2 ** 32) / 600, -10);
    const pages = body<Array<{ coin: string; network_difficulty: number | null; blocks_24h: number }>>(await t.app.inject({ url: '/api/pools/coin-pages' })).data;
    expect(pages.find((p) => p.coin === 'btc')).toMatchObject({ network_difficulty: 1e14, blocks_24h: 2 });
    expect((await events([])).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/internal/blocks', payload: { events: [] } })).statusCode).toBe(401);
  });

  it('takes a block once whatever the spelling of its hash, refuses impossible times and counts, and does not orphan a matured block', async () => {
    const u = await userWithAccount();
    t.clock.set('2026-07-02T00:00:00Z');
    const now = t.clock.now().getTime();
    const hash = 'ab'.repeat(32);
    const found = { type: 'found', coin: 'ltc', height: 3_000_000, hash, reward: '6.25', account: u.account, worker: 'rig1', difficulty: 1e6, time: now };
    expect(body(await events([found])).data).toEqual({ recorded: 1, refused: 0 });
    // The same block in capitals: not a second block (it was confirmed and paid a second time).
    expect(body(await events([{ ...found, hash: hash.toUpperCase() }])).data).toEqual({ recorded: 0, refused: 0 });
    expect(body(await events([{ type: 'confirmations', coin: 'ltc', hash: hash.toUpperCase(), confirmations: 101 }])).data).toEqual({ recorded: 1, refused: 0 });
    // Matured: an orphan report (a resyncing node) leaves it confirmed.
    expect(body(await events([{ type: 'orphaned', coin: 'ltc', hash }])).data).toEqual({ recorded: 0, refused: 0 });
    const list = body<{ list: Array<{ height: number; status: string }> }>(await t.app.inject({ url: '/api/pools/ltc/blocks' })).data.list;
    expect(list.filter((b) => b.height === 3_000_000).map((b) => b.status)).toEqual(['confirmed']);
    // A time past what a Date holds (a 500 on every re-send), one in seconds, a count past int4, an
    // overflowing difficulty: 400.
    for (const bad of [
      { ...found, hash: 'cd'.repeat(32), time: 8.7e15 },
      { ...found, hash: 'cd'.repeat(32), time: Math.floor(now / 1000) },
      { type: 'network', coin: 'ltc', difficulty: 1, height: 1, time: 8.7e15 },
      { type: 'confirmations', coin: 'ltc', hash, confirmations: 2 ** 31 },
      // A difficulty that, times the coin's hashes per difficulty, is Infinity (a PPLNS window of it).
      { ...found, hash: 'cd'.repeat(32), difficulty: 1e308 },
      { type: 'network', coin: 'ltc', difficulty: 1e308, height: 1, time: now },
    ]) expect((await events([bad])).statusCode, JSON.stringify(bad)).toBe(400);
    // A found time over 10 minutes ahead of the server's clock (a stratum's clock far off) would
    // never settle, its window never closing: the real block is recorded at the server's time.
    const ahead = await events([
      { ...found, hash: 'ef'.repeat(32), height: 3_000_002, time: now + 5 * 3_600_000 },
      { ...found, hash: 'ef'.repeat(31) + '01', height: 3_000_003, time: now + 9 * 60_000 },
    ]);
    expect(body(ahead).data).toEqual({ recorded: 2, refused: 0 });
    const [early, late] = await queryRows<{ found_at: Date | string }>(t.database.db, sql`select found_at from blocks where height in (3000002, 3000003) and coin = 'ltc' order by height`);
    expect(new Date(early!.found_at).getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    expect(new Date(late!.found_at).getTime()).toBe(now + 9 * 60_000);
    // The key is checked before the body is read: no key and a body that is no JSON is 401, not 400.
    expect((await t.app.inject({ method: 'POST', url: '/api/internal/blocks', headers: { 'content-type': 'application/json' }, payload: '{not json' })).statusCode).toBe(401);
  });
});

describe('worker ids', () => {
  it('are cached only once the transaction that created them has committed', async () => {
    // Cached inside a transaction that then rolled back (or was retried after a deadlock), an id named
    // a worker row that did not exist: the next flush wrote the worker's shares under it.
    const { upsertWorkers, WorkerIdCache } = await import('../src/modules/mining/mining.repository');
    const { workerKey } = await import('../src/modules/mining/share-aggregate');
    const { inTransaction } = await import('../src/db/transaction');
    const cache = new WorkerIdCache();
    const now = t.clock.now().getTime();
    const worker = { coin: 'kas', ownerKind: 'address' as const, owner: `kaspa:q${'p'.repeat(60)}`, worker: 'phantom1', first: now, last: now, lastIp: null };
    const agg = { workers: new Map([[workerKey(worker), worker]]) } as unknown as Parameters<typeof upsertWorkers>[1];
    await expect(inTransaction(t.database.db, async (tx) => {
      expect((await upsertWorkers(tx, agg, cache)).get(workerKey(worker))).toBeGreaterThan(0);
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    expect(cache.get(workerKey(worker))).toBeUndefined();
  });
});

describe('history rollup', () => {
  it('turns 10-minute points older than 48 hours into hourly ones without losing or doubling work', async () => {
    t.clock.set('2026-08-01T10:00:00Z');
    const u = await userWithAccount();
    const start = t.clock.now().getTime();
    t.clock.advance(20 * 60_000);
    await send(Array.from({ length: 1200 }, (_, i) => share(u.account, 'old1', start + i * 1000)));
    const month = async () => body<{ points: Array<{ time: string; hashrate: number }> }>(await inject(t.app, { url: `/api/pools/btc/accounts/${u.account}/hashrates?range=30d`, headers: auth(await fresh(u)) })).data.points;
    const sumOf = (points: Array<{ hashrate: number }>) => points.reduce((a, p) => a + p.hashrate, 0);
    t.clock.set('2026-08-03T12:00:00Z'); // 50 hours later
    const before = await month();
    const { rollUpHistory } = await import('../src/modules/mining/mining.repository');
    expect(await rollUpHistory(t.database.db, t.clock.now())).toBeGreaterThan(0);
    const after = await month();
    expect(sumOf(after)).toBe(sumOf(before));
    expect(after.find((p) => p.time === '2026-08-01T10:00:00.000Z')!.hashrate).toBe((1200 * TWO_32) / 3600);
    const [fine] = await queryRows<{ n: string }>(t.database.db, sql`select count(*)::text as n from owner_history where resolution = 600 and bucket < '2026-08-01T11:00:00Z'`);
    expect(Number(fine!.n)).toBe(0);
    expect(await rollUpHistory(t.database.db, t.clock.now())).toBe(0); // nothing left to move
  });

  it('rolls points into UTC hours and days whatever the database session’s time zone', async () => {
    // Dates of no other test (2019-2020): only these rows are old enough to be rolled here.
    const insert = (bucket: string, resolution: number) =>
      t.database.db.execute(sql`insert into owner_history (coin, owner, bucket, resolution, accepted_work, accepted, rejected, stale) values ('ltc', 'tzfarm', ${bucket}::timestamptz, ${resolution}, 1, 1, 0, 0)`);
    for (const at of ['2020-01-01T23:50:00Z', '2020-01-02T00:00:00Z', '2020-01-02T00:10:00Z', '2020-01-02T00:40:00Z']) await insert(at, 600);
    for (const at of ['2019-11-30T22:00:00Z', '2019-12-01T01:00:00Z']) await insert(at, 3600);
    const { rollUpHistory } = await import('../src/modules/mining/mining.repository');
    const { inTransaction } = await import('../src/db/transaction');
    // A server whose TimeZone is India's (+05:30): hours and days must still start on UTC's.
    await inTransaction(t.database.db, async (tx) => {
      await tx.execute(sql`set local time zone 'Asia/Kolkata'`);
      await rollUpHistory(tx, new Date('2020-01-04T01:00:00Z'));
    });
    const points = await queryRows<{ at: string; resolution: number; accepted: string }>(
      t.database.db,
      sql`select to_char(bucket at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as at, resolution, accepted::text as accepted from owner_history where owner = 'tzfarm' order by bucket, resolution`,
    );
    expect(points).toEqual([
      { at: '2019-11-30T00:00', resolution: 86400, accepted: '1' },
      { at: '2019-12-01T00:00', resolution: 86400, accepted: '1' },
      { at: '2020-01-01T23:00', resolution: 3600, accepted: '1' },
      { at: '2020-01-02T00:00', resolution: 3600, accepted: '3' },
    ]);
  });

  it('rolls a day of a large pool (over 2^31 shares) into one daily point', async () => {
    // A million workers at a share every 10 s: 360 million shares an hour, 8.6 billion a day.
    const hour = 360_000_000;
    const day = '2026-04-02';
    const hours = Array.from({ length: 24 }, (_, h) => new Date(Date.parse(`${day}T00:00:00Z`) + h * 3_600_000).toISOString());
    const buckets = sql`unnest(${sqlArray(hours)}::timestamptz[])`;
    await t.database.db.execute(sql`insert into pool_history (coin, bucket, resolution, accepted_work, accepted, rejected, stale) select 'ltc', b, 3600, 1, ${hour}, 3, 1 from ${buckets} as b`);
    await t.database.db.execute(sql`insert into owner_history (coin, owner, bucket, resolution, accepted_work, accepted, rejected, stale) select 'ltc', 'bigfarm', b, 3600, 1, ${hour}, 3, 1 from ${buckets} as b`);
    t.clock.set('2026-06-01T00:00:00Z');
    const { rollUpHistory } = await import('../src/modules/mining/mining.repository');
    await rollUpHistory(t.database.db, t.clock.now());
    const days = await queryRows<{ a: string; r: string; s: string }>(
      t.database.db,
      sql`select accepted::text as a, rejected::text as r, stale::text as s from pool_history where coin = 'ltc' and resolution = 86400 and bucket = ${`${day}T00:00:00Z`}::timestamptz
          union all select accepted::text, rejected::text, stale::text from owner_history where owner = 'bigfarm' and resolution = 86400 and bucket = ${`${day}T00:00:00Z`}::timestamptz`,
    );
    expect(days).toEqual([{ a: String(24 * hour), r: '72', s: '24' }, { a: String(24 * hour), r: '72', s: '24' }]);
  });
});

describe('worker points', () => {
  it('are summed from the minutes until their point closes, written once then, and a late share is added to its closed point once', async () => {
    t.clock.set('2026-09-01T00:04:00Z');
    const u = await userWithAccount();
    await t.app.modules.mining.ingest.refreshWindows(); // closes every point before now
    // The first open point (on a fresh database, the next one: see pointsClosedUntil).
    const [row] = await queryRows<{ ms: string }>(t.database.db, sql`select (extract(epoch from points_closed_until) * 1000)::text as ms from ingest_watermark`);
    const start = Number(row!.ms);
    const at = (minutes: number) => start + minutes * 60_000;
    const iso = (minutes: number) => new Date(at(minutes)).toISOString();
    t.clock.set(new Date(at(4)));
    // 120 shares in the open point.
    await send(Array.from({ length: 120 }, (_, i) => share(u.account, 'pts1', at(2) + i * 1000)));
    const stored = async () => {
      const rows = await queryRows<{ bucket: Date | string; work: number }>(
        t.database.db,
        sql`select h.bucket, h.accepted_work as work from worker_history h join workers w on w.id = h.worker_id join mining_accounts a on a.id = w.account_id where lower(a.name) = lower(${u.account}) and w.name = 'pts1' order by h.bucket`,
      );
      return rows.map((r) => [new Date(r.bucket).toISOString(), Number(r.work)]);
    };
    expect(await stored()).toEqual([]); // not written by the flush: the point is still open
    t.clock.set(new Date(at(12)));
    const chart = async (id: number) => body<{ points: Array<{ time: string; hashrate: number }> }>(await inject(t.app, { url: `/api/pools/btc/accounts/${u.account}/miners/${id}/hashrates`, headers: auth(await fresh(u)) })).data.points.at(-1)!;
    const [worker] = await queryRows<{ id: string }>(t.database.db, sql`select id::text as id from workers where name = 'pts1'`);
    // Ended but not closed yet: the chart sums its minutes.
    expect(await chart(Number(worker!.id))).toEqual({ time: iso(0), hashrate: (120 * TWO_32) / 600, reject_rate: 0 });
    await miners(u, u.account); // refreshWindows closes the point
    expect(await stored()).toEqual([[iso(0), 120 * TWO_32]]);
    expect(await chart(Number(worker!.id))).toEqual({ time: iso(0), hashrate: (120 * TWO_32) / 600, reject_rate: 0 });
    // The 24-hour window: the closed point and the open minutes since, each once.
    await send([share(u.account, 'pts1', at(11))]);
    const secs24h = 24 * 3600 + 120; // from the point start a day before the open point to now
    expect((await miners(u, u.account)).list[0]!.accept_24h.value).toBeCloseTo((121 * TWO_32) / secs24h, 3);
    // A late share for the closed point: merged into it by the next pass, and counted once after the next close.
    await send([share(u.account, 'pts1', at(5))]);
    await t.app.modules.mining.ingest.refreshWindows();
    expect(await stored()).toEqual([[iso(0), 121 * TWO_32]]);
    expect((await chart(Number(worker!.id))).hashrate).toBe((121 * TWO_32) / 600);
    t.clock.set(new Date(at(21)));
    await t.app.modules.mining.ingest.refreshWindows(); // closes the next point
    expect(await stored()).toEqual([[iso(0), 121 * TWO_32], [iso(10), TWO_32]]);
  });
});
