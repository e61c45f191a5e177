// The demo start: the published demo user logs in from any device without an emailed code, cannot
// change its security settings, and sees the simulator's workers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type MinerRow, type Tokens } from '@hashpool/shared';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/modules/accounts/accounts.seed';
import { DEMO_WORKERS, simulateShares } from '../src/modules/mining/simulator';
import { auth, inject, login, newDevice } from './account-helpers';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ demo: true });
});
afterAll(async () => {
  await t?.close();
});

describe('demo user', () => {
  it('logs in from a new device without a second step; its security settings are locked', async () => {
    const first = await login(t.app, DEMO_EMAIL, DEMO_PASSWORD, newDevice());
    expect(first.result?.status).toBe('ok');
    const again = await login(t.app, DEMO_EMAIL, DEMO_PASSWORD, newDevice());
    expect(again.result?.status).toBe('ok');
    const tokens = (again.result as { tokens: Tokens }).tokens;
    const res = await inject(t.app, { method: 'POST', url: '/api/users/totp/secret', headers: auth(tokens) });
    expect(res.statusCode).toBe(403);
    expect(body(res).code).toBe(ERRORS.demo_account_locked.code);
  });

  it('sees the simulator’s workers after a tick', async () => {
    const now = t.clock.now().getTime();
    const shares = simulateShares(DEMO_WORKERS, now - 60_000, now);
    const result = await t.app.ingest.submit('demo-tick-1', shares);
    expect(result.refused).toBe(0);
    await t.app.ingest.refreshWindows();
    const { result: r } = await login(t.app, DEMO_EMAIL, DEMO_PASSWORD, newDevice());
    const tokens = (r as { tokens: Tokens }).tokens;
    const list = body<{ list: MinerRow[]; total: number }>(await inject(t.app, { url: '/api/pools/btc/accounts/demofarm01/miners', headers: auth(tokens) })).data;
    expect(list.total).toBeGreaterThanOrEqual(7);
    expect(list.list[0]!.accept_15m.value).toBeGreaterThan(1e12);
  });
});
