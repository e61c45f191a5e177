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

  it('applies a new difficulty with the next job, announced just before it; each job keeps its own', async () => {
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
    // More shares at 16 while 256 waits for the next job do not raise it again.
    for (let i = 0; i < 40; i++) {
      t += 10;
      expect((await c.call('mining.submit', ['myfarm01.rig1', job.id, (200 + i).toString(16).padStart(8, '0'), '5f5e1000', '00000010'])).result).toBe(true);
    }
    h.shares.length = 0;
    // The current job keeps 16: a share meeting 16 counts at 16, and one meeting 256 too (never
    // more than its job's difficulty).
    expect((await c.call('mining.submit', ['myfarm01.rig1', job.id, '00000002', '5f5e1000', '00000020'])).result).toBe(true);
    expect((await c.call('mining.submit', ['myfarm01.rig1', job.id, '00000003', '5f5e1000', '00000200'])).result).toBe(true);
    expect(h.shares.map((s) => s.difficulty)).toEqual([16 * 65536, 16 * 65536]);
    expect(c.messages.filter((m) => m.method === 'mining.set_difficulty').map((m) => m.params![0])).toEqual([16]);
    // The next job goes out under 256, announced right before it.
    const next = h.coin.newJob(false);
    const notify = await c.waitNew((m) => m.method === 'mining.notify' && m.params![0] === next.id);
    const before = c.messages[c.messages.indexOf(notify) - 1]!;
    expect(before).toMatchObject({ method: 'mining.set_difficulty', params: [256] });
    expect((await c.call('mining.submit', ['myfarm01.rig1', next.id, '00000004', '5f5e1000', '00000020'])).error![0]).toBe(23);
    expect((await c.call('mining.submit', ['myfarm01.rig1', next.id, '00000005', '5f5e1000', '00000200'])).result).toBe(true);
    // The previous job is still valid at its own 16.
    expect((await c.call('mining.submit', ['myfarm01.rig1', job.id, '00000006', '5f5e1000', '00000020'])).result).toBe(true);
    expect(h.shares.slice(2).map((s) => [s.result, s.difficulty])).toEqual([
      ['rejected', 256 * 65536],
      ['accepted', 256 * 65536],
      ['accepted', 16 * 65536],
    ]);
  });
});
