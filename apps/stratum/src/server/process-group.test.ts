// A process group for real: the primary (ProcessGroup, in this test's process) and two forked
// members (test/group-member.ts). Connections spread over both, each member's extranonce1 carries
// its own prefix, the per-IP limit and bans hold for the group, and a member that dies is started
// again with its slots given back, getting connections only once it says it is ready.
import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../log.js';
import { defaultLimits } from '../../test/harness.js';
import { TestClient } from '../../test/stratum-client.js';
import { until as untilHolds } from '../../test/until.js';
import { ProcessGroup, type ProcessGroupOptions } from './process-group.js';

let group: ProcessGroup | undefined;
const clients: TestClient[] = [];

beforeAll(() => {
  cluster.setupPrimary({ exec: path.join(import.meta.dirname, '../../test/group-member.ts'), execArgv: ['--import', 'tsx'], silent: true });
});

afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await group?.stop();
  group = undefined;
});

const ready = (worker: Worker) =>
  new Promise<void>((resolve, reject) => {
    worker.on('message', (m: { hashpool?: string }) => m?.hashpool === 'ready' && resolve());
    worker.once('exit', (code) => reject(new Error(`member exited with ${code}`)));
  });

/** Resolves when the member reports it serves its coin (it gets connections only from then on). */
const serving = (worker: Worker) =>
  new Promise<void>((resolve) => worker.on('message', (m: { hashpool?: string }) => m?.hashpool === 'serving' && resolve()));

/** The members startGroup's group started again, each once it waits to be told to start (restartWhenAsked). */
let restarts: Promise<Worker>[] = [];

/** A group of two members on one LTC port, with the test's own fork (and anything else it sets). */
function buildGroup(options: Partial<ProcessGroupOptions> & Pick<ProcessGroupOptions, 'fork'>): ProcessGroup {
  group = new ProcessGroup({ ports: [{ coin: 'ltc', port: 0 }], host: '127.0.0.1', limits: defaultLimits, processes: 2, log: silentLogger, ...options });
  return group;
}

/**
 * restartWhenAsked: a member started again (after a death) stays starting until the test sends it
 * { test: 'start' } (`restarts` holds it once it waits for that). servesWhenAsked: both
 * members serve their coin only when the test asks; startGroup checks no port is open while none
 * serves, then asks member 0 and returns once it serves (member 1 is the test's to ask). Without it
 * startGroup returns once both serve.
 */
async function startGroup(limits: Partial<typeof defaultLimits> = {}, restartWhenAsked = false, servesWhenAsked = false): Promise<number> {
  let forks = 0;
  restarts = [];
  const members = buildGroup({
    limits: { ...defaultLimits, ...limits },
    fork: (index) => {
      const worker = cluster.fork({
        GROUP_MEMBER_INDEX: String(index),
        ...(forks >= 2 && restartWhenAsked ? { START_WHEN_ASKED: '1' } : {}),
        ...(servesWhenAsked ? { SERVE_AFTER: 'asked' } : {}),
      });
      if (forks++ >= 2) restarts.push(new Promise((resolve) => worker.on('message', (m: { test?: string }) => m?.test === 'starting' && resolve(worker))));
      if (forks <= 2) served.push(serving(worker));
      return worker;
    },
  });
  const served: Promise<void>[] = [];
  await members.start(ready);
  if (servesWhenAsked) {
    // Ready but serving no coin yet: no port is open. (Asked, not timed: on a loaded machine a
    // timer could run out while the other member still starts.)
    expect(members.ports()).toEqual([0]);
    expect(members.served()).toEqual([]);
    members.workers()[0]!.send({ test: 'serve' });
  }
  await members.serving();
  if (!servesWhenAsked) await Promise.all(served);
  return members.ports()[0]!;
}

async function open(port: number): Promise<TestClient> {
  const c = await TestClient.open(port);
  clients.push(c);
  return c;
}

/** Polls for up to 45 s: a forked member (tsx) takes a second to start on a quiet machine, a few on a loaded 2-core one. */
const until = (probe: () => boolean) => untilHolds(probe, 45_000, 25);

describe('a stratum instance as a process group', { timeout: 60_000 }, () => {
  it('spreads connections over its processes, each with its own extranonce1 prefix', async () => {
    const port = await startGroup();
    const prefixes: string[] = [];
    for (let i = 0; i < 4; i++) prefixes.push((await (await open(port)).login()).slice(0, 2));
    // Prefixes 7 and 8: the two members, two connections each (the least loaded takes the next).
    expect(prefixes.sort()).toEqual(['07', '07', '08', '08']);
    expect(group!.connectionCount()).toBe(4);
    for (const c of clients.splice(0)) c.close();
    await until(() => group!.connectionCount() === 0);
  });

  it('holds the per-IP limit across processes and gives slots back when connections close', async () => {
    const port = await startGroup({ maxConnectionsPerIp: 3 });
    const held = [await open(port), await open(port), await open(port)];
    for (const c of held) await c.login();
    const fourth = await open(port);
    await fourth.closed;
    held[0]!.close();
    await until(() => group!.connectionCount() === 2);
    const again = await open(port);
    await again.login();
  });

  it('holds maxConnections per port across its processes and takes new ones as others close', async () => {
    const port = await startGroup({ maxConnections: 3 });
    const held = [await open(port), await open(port), await open(port)];
    for (const c of held) await c.login();
    // Handed to the processes, sockets leave the primary's own count: the group counts them.
    const fourth = await open(port);
    // Closed at once by the primary, not by the process's 30 s wait for a login.
    await untilHolds(() => fourth.isClosed, 10_000, 25);
    expect(group!.connectionCount()).toBe(3);
    held[0]!.close();
    await until(() => group!.connectionCount() === 2);
    await (await open(port)).login();
  });

  it('refuses a banned IP in every process', async () => {
    const port = await startGroup();
    const a = await open(port);
    await a.login();
    const job = '1';
    // Three malformed submissions reach the member's threshold: it drops the connection and tells the primary.
    for (let i = 0; i < 3; i++) a.send('mining.submit', ['myfarm01.rig1', job, 'zz', '5f5e1000', '00000001']);
    await a.closed;
    const b = await open(port);
    await b.closed;
    expect(b.messages).toEqual([]);
  });

  it('opens a coin’s port when the first process serves it and hands its connections only to processes serving it', async () => {
    const port = await startGroup({}, false, true);
    expect(group!.served()).toEqual(['ltc']);
    const late = group!.workers()[1]!;
    const lateServes = new Promise<void>((resolve) => late.on('message', (m: { hashpool?: string }) => m?.hashpool === 'serving' && resolve()));
    const early = [await open(port), await open(port), await open(port)];
    for (const c of early) expect((await c.login()).slice(0, 2)).toBe('07');
    late.send({ test: 'serve' });
    await lateServes;
    // Now both serve: the one holding none takes the next.
    expect((await (await open(port)).login()).slice(0, 2)).toBe('08');
  });

  it('waits twice as long before each restart of a member that keeps dying at its start', async () => {
    const restarts: number[] = [];
    let forks = 0;
    const members = buildGroup({
      restartDelayMs: 20,
      // Every start after the first two fails at once.
      fork: (index) => cluster.fork({ GROUP_MEMBER_INDEX: String(index), ...(forks++ >= 2 ? { EXIT_AT_START: '1' } : {}) }),
      log: { ...silentLogger, error: (msg, fields) => msg.startsWith('stratum process died') && restarts.push(fields!.inMs as number) },
    });
    await members.start(ready);
    members.workers()[0]!.process.kill('SIGKILL');
    await until(() => restarts.length >= 4);
    expect(restarts.slice(0, 4)).toEqual([20, 40, 80, 160]);
  });

  it('relays a new block from one process to the others, which refresh their work unless already on it', async () => {
    await startGroup();
    const [first, second] = group!.workers();
    const counts = (w: Worker) => {
      const seen: number[] = [];
      w.on('message', (m: { test?: string; n?: number }) => m?.test === 'refreshes' && seen.push(m.n!));
      return seen;
    };
    const atFirst = counts(first!);
    const atSecond = counts(second!);
    first!.send({ test: 'report-new-block', prevHash: 'ab'.repeat(32) });
    await until(() => atSecond.length === 1);
    expect(atSecond).toEqual([1]);
    // The block its work already builds on (FakeCoin jobs name 00…00): no refresh.
    first!.send({ test: 'report-new-block', prevHash: '00'.repeat(32) });
    await until(() => atSecond.length === 2);
    expect(atSecond).toEqual([1, 1]);
    // Not sent back to the process that reported it.
    expect(atFirst).toEqual([]);
  });

  it('does not start again a member that reported it cannot go on, and tells the instance', async () => {
    let forks = 0;
    const fatal: Array<[number, string]> = [];
    const members = buildGroup({
      restartDelayMs: 20,
      fork: (index) => (forks++, cluster.fork({ GROUP_MEMBER_INDEX: String(index), ...(index === 1 ? { FATAL_AFTER_READY: '1' } : {}) })),
      onFatal: (index, error) => fatal.push([index, error]),
    });
    await members.start(ready);
    await until(() => fatal.length === 1 && members.workers().length === 1);
    expect(fatal).toEqual([[1, 'payoutAddress refused by the node']]);
    // Well past the restart pause: not forked again.
    await new Promise((r) => setTimeout(r, 300));
    expect(forks).toBe(2);
  });

  it('starts a member that died again and gives its slots back', async () => {
    const port = await startGroup({ maxConnectionsPerIp: 2 });
    const a = await open(port);
    const b = await open(port);
    await a.login();
    await b.login();
    const victim = group!.workers()[0]!;
    victim.process.kill('SIGKILL');
    await until(() => group!.connectionCount() === 1);
    // The IP's slot of the dead member's connection is free again: a second connection fits.
    const c = await open(port);
    await c.login();
    await until(() => group!.workers().length === 2 && group!.workers().every((w) => w.isConnected()));
  });

  it('hands a restarted member nothing until it is ready: connections meanwhile are served by the others and give their slots back', async () => {
    const port = await startGroup({ maxConnectionsPerIp: 4 }, true);
    const victim = group!.workers()[0]!;
    victim.process.kill('SIGKILL');
    // Started again and still starting (until told): it holds no connections and would be the least loaded.
    await until(() => restarts.length === 1);
    const restarted = await restarts[0]!;
    expect(group!.workers()).toContain(restarted);
    const restartedReady = serving(restarted);
    const during = [await open(port), await open(port), await open(port)];
    for (const c of during) expect((await c.login()).slice(0, 2)).toBe('08');
    for (const c of during) c.close();
    await until(() => group!.connectionCount() === 0);
    // Once ready it takes connections again: with none on either, the first process takes the next.
    restarted.send({ test: 'start' });
    await restartedReady;
    expect((await (await open(port)).login()).slice(0, 2)).toBe('07');
  });
});
