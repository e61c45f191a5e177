// After `processes` is lowered, process 0 delivers what a removed process's outboxes still hold,
// under that process's own instance id (its batch ids unchanged), and stops them once empty.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../log.js';
import type { BatchTransport, SendOutcome } from './durable-queue.js';
import { blockOutbox, deliverRetiredOutboxes, shareOutbox, type PoolShare } from './pool-outboxes.js';
import { until } from '../../test/until.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

class Pool implements BatchTransport {
  constructor(public up: boolean) {}
  readonly ids: string[] = [];
  readonly bodies: string[] = [];
  async send({ id, body }: { id: string; body: string }): Promise<SendOutcome> {
    if (!this.up) return 'retry';
    this.ids.push(id);
    this.bodies.push(body);
    return 'ok';
  }
}

const share = (i: number): PoolShare => ({ coin: 'ltc', account: 'myfarm01', worker: 'rig1', difficulty: i + 1, result: 'accepted', time: 1_800_000_000_000 + i });

describe('outboxes of removed processes', () => {
  it('are delivered by process 0 under their own instance id and stopped once empty', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'retired-'));
    dirs.push(dataDir);
    const removed = join(dataDir, 'process-2');
    // Process 2 answered three shares and found a block, then the pool was unreachable until it stopped.
    const down = new Pool(false);
    const shares = shareOutbox({ dataDir: removed, instanceId: 'node7-2', transport: down, log: silentLogger, intervalMs: 3_600_000 });
    const blocks = blockOutbox({ dataDir: removed, instanceId: 'node7-2', transport: down, log: silentLogger, intervalMs: 3_600_000 });
    await shares.start();
    await blocks.start();
    for (let i = 0; i < 3; i++) await shares.append(share(i));
    await blocks.append({ type: 'found', coin: 'ltc', height: 10, hash: 'ab'.repeat(32), reward: '5000000000', account: 'myfarm01', worker: 'rig1', difficulty: 1, time: 1 });
    await shares.stop();
    await blocks.stop();

    const sharePool = new Pool(true);
    const blockPool = new Pool(true);
    const retired = await deliverRetiredOutboxes({ dirs: [removed, join(dataDir, 'process-3')], instanceId: 'node7', shareTransport: sharePool, blockTransport: blockPool, log: silentLogger, intervalMs: 20 });
    await until(() => retired.draining() === 0);
    expect(sharePool.ids).toHaveLength(1);
    expect(sharePool.ids[0]).toMatch(/^node7-2-/);
    expect((JSON.parse(sharePool.bodies[0]!) as { shares: PoolShare[] }).shares.map((s) => s.difficulty)).toEqual([1, 2, 3]);
    expect(blockPool.bodies.join()).toContain('"type":"found"');
    // A second start finds them empty: nothing sent again, nothing piles up on disk.
    const before = readdirSync(join(removed, 'outbox', 'shares')).length;
    const again = await deliverRetiredOutboxes({ dirs: [removed], instanceId: 'node7', shareTransport: sharePool, blockTransport: blockPool, log: silentLogger, intervalMs: 20 });
    expect(again.draining()).toBe(0);
    expect(sharePool.ids).toHaveLength(1);
    expect(readdirSync(join(removed, 'outbox', 'shares')).length).toBe(before);
    await retired.stop();
  });
});
