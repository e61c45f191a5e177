// The user's mining overview (GET /api/users/mining-overview, the /user/mining page) through HTTP:
// shares in through the ingest endpoint for one of a user's two sub-accounts, the overview out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MiningOverviewRow } from '@hashpool/shared';
import { auth, inject, registerByEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

const KEY = 'ingest-key-for-tests-0123456789';
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

async function userWithAccount() {
  const u = await registerByEmail(t.app, inbox);
  const mine = body<{ current_account: { name: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(u.tokens) })).data;
  return { ...u, account: mine.current_account.name };
}

const overview = async (tokens: { token: string }) => {
  const res = await inject(t.app, { url: '/api/users/mining-overview', headers: { authorization: `Bearer ${tokens.token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ list: MiningOverviewRow[] }>(res).data.list;
};

describe('GET /api/users/mining-overview', () => {
  it("lists the caller's mining sub-account and coin with its hashrate and workers, nobody else's; anonymous gets 401", async () => {
    const a = await userWithAccount();
    const b = await userWithAccount();
    const second = `ov${Date.now().toString(36)}`.slice(0, 16);
    const created = await inject(t.app, { method: 'POST', url: '/api/accounts', headers: auth(a.tokens), payload: { name: second } });
    expect(created.statusCode, created.body).toBe(200);

    // Nothing mined yet: an empty overview.
    expect(await overview(a.tokens)).toEqual([]);

    // 900 difficulty-1 shares over the last 15 minutes on a's first sub-account, two workers.
    const now = t.clock.now().getTime();
    const shares = Array.from({ length: 900 }, (_, i) => ({
      coin: 'btc', account: a.account, worker: i % 2 ? 'rig1' : 'rig2', difficulty: 1, result: 'accepted', ip: '198.51.100.7', time: now - 900_000 + i * 1000,
    }));
    const sent = await t.app.inject({ method: 'POST', url: '/api/internal/shares', headers: { 'x-ingest-key': KEY }, payload: { batch_id: `ov-${now}`, shares } });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.app.modules.mining.ingest.refreshWindows();

    const list = await overview(a.tokens);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ account: a.account, coin: 'btc', workers_online: 2, workers_offline: 0, yesterday: '0' });
    expect(list[0]!.hashrate_15m).toBeGreaterThan(0);
    // The second sub-account has neither workers nor earnings: not listed.
    expect(list.some((r) => r.account === second)).toBe(false);

    // The other user sees only their own (nothing).
    expect(await overview(b.tokens)).toEqual([]);

    // Anonymous: 401.
    expect((await inject(t.app, { url: '/api/users/mining-overview' })).statusCode).toBe(401);
  });
});
