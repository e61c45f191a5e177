import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/harness.js';
import { TestClient } from '../../test/stratum-client.js';
import { Vardiff } from './vardiff.js';

const settings = { targetSeconds: 10, retargetSeconds: 90, variancePercent: 30 };

describe('Vardiff', () => {
  it('keeps a miner on target, raises a fast one and lowers a slow one, within the bounds', () => {
    const v = new Vardiff(settings, 1, 1000, 0);
    let t = 0;
    let out: number | undefined;
    for (let i = 0; i < 9; i++) out = v.onShare(100, (t += 10_000));
    expect(out).toBeUndefined(); // one share per 10 s: no change
    const fast = new Vardiff(settings, 1, 1000, 0);
    t = 0;
    for (let i = 0; i < 90 && out === undefined; i++) out = fast.onShare(100, (t += 1000));
    expect(out).toBeGreaterThan(100);
    const slow = new Vardiff(settings, 1, 1000, 0);
    expect(slow.onIdle(100, 91_000)).toBeLessThan(100);
    const capped = new Vardiff(settings, 50, 200, 0);
    t = 0;
    out = undefined;
    for (let i = 0; i < 1000 && out === undefined; i++) out = capped.onShare(100, (t += 10));
    expect(out).toBe(200);
    expect(capped.onIdle(200, t + 91_000)).toBe(50);
  });

  it('never goes below the miner’s minimum-difficulty, nor above the port maximum', () => {
    const v = new Vardiff(settings, 1, 1000, 0);
    v.setMinerMinimum(64);
    expect(v.onIdle(100, 91_000)).toBe(64);
    v.setMinerMinimum(5000);
    expect(v.clamp(1)).toBe(1000);
  });
});

describe('vardiff on a live connection', () => {
  let h: Harness;
  let c: TestClient;
  afterEach(async () => {
    c?.close();
    await h?.stop();
  });

  it('sends set_difficulty then a notify, and credits in-flight work at the difficulty it was sent under', async () => {
    let t = 1_800_000_000_000;
    h = await startHarness({ now: () => t, sweepMs: 60_000 });
    c = await TestClient.open(h.port);
    await c.login();
    const job = h.coin.currentJob()!;
    await c.wait((m) => m.method === 'mining.notify');
    // 36 shares at once (4 × the window's expected count): an early retarget, 16 × 16 (the largest step).
    for (let i = 0; i < 36; i++) {
      t += 10;
      expect((await c.call('mining.submit', ['myfarm01.rig1', job.id, (100 + i).toString(16).padStart(8, '0'), '5f5e1000', '00000010'])).result).toBe(true);
    }
    const sd = await c.wait((m) => m.method === 'mining.set_difficulty' && m.params![0] !== 16);
    expect(sd.params![0]).toBe(256);
    const idx = c.messages.indexOf(sd);
    const after = c.messages.slice(idx + 1).find((m) => m.method === 'mining.notify') ?? (await c.waitNew((m) => m.method === 'mining.notify'));
    expect(after.params![0]).toBe(job.id);
    expect(after.params![8]).toBe(false);
    h.shares.length = 0;
    // A share found under the old difficulty (16) for that job still counts, at 16.
    const late = await c.call('mining.submit', ['myfarm01.rig1', job.id, '00000002', '5f5e1000', '00000020']);
    expect(late.result).toBe(true);
    expect(h.shares[0]!.difficulty).toBe(16 * 65536);
    // A share that meets the new difficulty is credited at it.
    const high = await c.call('mining.submit', ['myfarm01.rig1', job.id, '00000003', '5f5e1000', '00000200']);
    expect(high.result).toBe(true);
    expect(h.shares[1]!.difficulty).toBe(256 * 65536);
    // A new job is sent under the new difficulty only: the old one no longer counts for it.
    const next = h.coin.newJob(false);
    await c.waitNew((m) => m.method === 'mining.notify' && m.params![0] === next.id);
    const low = await c.call('mining.submit', ['myfarm01.rig1', next.id, '00000004', '5f5e1000', '00000020']);
    expect(low.error![0]).toBe(23);
  });
});
