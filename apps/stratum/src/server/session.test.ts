// Stratum V1 over real sockets against a live server with a fake coin.
import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/harness.js';
import { TestClient } from '../../test/stratum-client.js';
import { until } from '../../test/until.js';

let h: Harness;
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

const nonce = (d: number) => d.toString(16).padStart(8, '0');

describe('subscribe, configure, authorize', () => {
  it('subscribes with an extranonce1 of the instance prefix and 4-byte extranonce2', async () => {
    h = await startHarness();
    const c = await client();
    const sub = await c.call('mining.subscribe', ['cgminer/4.12']);
    const [subs, en1, size] = sub.result as [string[][], string, number];
    expect(en1).toMatch(/^07[0-9a-f]{6}$/);
    expect(size).toBe(4);
    expect(subs).toEqual([['mining.set_difficulty', en1], ['mining.notify', en1]]);
    expect(sub.error).toBeNull();
  });

  it('sends set_difficulty before the first notify after authorize', async () => {
    h = await startHarness();
    const c = await client();
    await c.login();
    const setIdx = c.messages.findIndex((m) => m.method === 'mining.set_difficulty');
    await c.wait((m) => m.method === 'mining.notify');
    const notifyIdx = c.messages.findIndex((m) => m.method === 'mining.notify');
    expect(setIdx).toBeGreaterThanOrEqual(0);
    expect(setIdx).toBeLessThan(notifyIdx);
    expect(c.messages[setIdx]!.params).toEqual([16]);
    const notify = c.messages[notifyIdx]!;
    expect(notify.params![0]).toBe(h.coin.currentJob()!.id);
    expect(notify.params![8]).toBe(true);
  });

  it('negotiates version rolling inside the pool mask and takes minimum-difficulty', async () => {
    h = await startHarness();
    const c = await client();
    const conf = await c.call('mining.configure', [
      ['version-rolling', 'minimum-difficulty'],
      { 'version-rolling.mask': 'ffffffff', 'version-rolling.min-bit-count': 2, 'minimum-difficulty.value': 64 },
    ]);
    expect(conf.result).toEqual({ 'version-rolling': true, 'version-rolling.mask': '1fffe000', 'minimum-difficulty': true });
    await c.login();
    const sd = await c.wait((m) => m.method === 'mining.set_difficulty');
    expect(sd.params).toEqual([64]);
    const c2 = await client();
    const conf2 = await c2.call('mining.configure', [['version-rolling'], { 'version-rolling.mask': '00ffe000' }]);
    expect((conf2.result as Record<string, unknown>)['version-rolling.mask']).toBe('00ffe000');
    // No bit in common with the pool's mask: refused, and the version must not change.
    const c3 = await client();
    const conf3 = await c3.call('mining.configure', [['version-rolling'], { 'version-rolling.mask': 'e0000000' }]);
    expect(conf3.result).toEqual({ 'version-rolling': false });
  });

  it('splits the user name at the last dot and lower-cases the worker', async () => {
    h = await startHarness();
    h.accounts.set('farm2024', 'exists');
    const c = await client();
    await c.call('mining.subscribe', []);
    const ok = await c.call('mining.authorize', ['farm2024.Rig7', 'anything']);
    expect(ok.result).toBe(true);
    await c.wait((m) => m.method === 'mining.notify');
    await c.call('mining.submit', ['farm2024.Rig7', h.coin.currentJob()!.id, '00000001', '5f5e1000', nonce(100)]);
    expect(h.shares[0]).toMatchObject({ account: 'farm2024', worker: 'rig7' });
  });

  it('refuses an unknown sub-account and bad user names with code 24 and a clear message', async () => {
    h = await startHarness();
    const c = await client();
    await c.call('mining.subscribe', []);
    const unknown = await c.call('mining.authorize', ['nobody99.rig1', 'x']);
    expect(unknown.result).toBe(false);
    expect(unknown.error).toEqual([24, expect.stringContaining('unknown sub-account'), null]);
    expect((await c.call('mining.authorize', ['myfarm01', 'x'])).error).toEqual([24, 'user name must be <sub-account>.<worker>', null]);
    expect((await c.call('mining.authorize', ['myfarm01.rig-1', 'x'])).error).toEqual([24, 'worker names are 1 to 64 letters or digits', null]);
    expect((await c.call('mining.authorize', ['my.farm.rig1', 'x'])).error).toEqual([24, 'sub-account names are 4 to 30 letters or digits', null]);
    expect((await c.call('mining.authorize', [42, 'x'])).error![0]).toBe(24);
  });

  it('resumes a session: the old extranonce1 when it is free', async () => {
    h = await startHarness();
    const a = await client();
    const en1 = await a.login();
    await a.wait((m) => m.method === 'mining.notify');
    a.close();
    await a.closed;
    // The server frees the extranonce1 on its own socket's close, a few turns after the client's.
    await until(() => h.server.connectionCount() === 0);
    const b = await client();
    expect(await b.login('myfarm01.rig1', en1)).toBe(en1);
    const c = await client();
    expect(await c.login('myfarm01.rig1', en1)).not.toBe(en1);
  });

  /** A connection sent a job at difficulty 16, then gone: its extranonce1 and that job, to resume. */
  async function closedAtDifficulty16(): Promise<{ en1: string; job: string }> {
    h = await startHarness({ port: { startDifficulty: 16, minDifficulty: 1, maxDifficulty: 1 << 20 } });
    const a = await client();
    const en1 = await a.login();
    const job = (await a.wait((m) => m.method === 'mining.notify')).params![0] as string;
    a.close();
    await a.closed;
    await until(() => h.server.connectionCount() === 0);
    return { en1, job };
  }

  it('a resumed session keeps each job at the difficulty it was sent at: the current job, sent again, is not credited at a new one', async () => {
    const { en1, job } = await closedAtDifficulty16();
    // Asks for a far higher difficulty before resuming, to have the shares of `job` it held back
    // credited at it.
    const b = await client();
    expect((await b.call('mining.suggest_difficulty', [4096])).result).toBe(true);
    expect(await b.login('myfarm01.rig1', en1)).toBe(en1);
    expect((await b.wait((m) => m.method === 'mining.notify')).params![0]).toBe(job);
    expect(b.messages.filter((m) => m.method === 'mining.set_difficulty').map((m) => m.params)).toEqual([[16]]);
    expect((await b.call('mining.submit', ['myfarm01.rig1', job, '00000001', '5f5e1000', nonce(5000)])).result).toBe(true);
    expect(h.shares.map((s) => [s.result, s.difficulty / 65536])).toEqual([['accepted', 16]]);
  });

  it('a resumed session that asks for another difficulty between subscribe and authorize is told the kept job’s, and gets the new one with the next job', async () => {
    const { en1, job } = await closedAtDifficulty16();
    const b = await client();
    const sub = await b.call('mining.subscribe', ['test/1.0', en1]);
    expect((sub.result as [unknown, string])[1]).toBe(en1);
    expect((await b.call('mining.suggest_difficulty', [256])).result).toBe(true);
    expect((await b.call('mining.authorize', ['myfarm01.rig1', 'x'])).result).toBe(true);
    expect((await b.wait((m) => m.method === 'mining.notify')).params![0]).toBe(job);
    const told = () => b.messages.filter((m) => m.method === 'mining.set_difficulty').map((m) => m.params![0]);
    expect(told()).toEqual([16]);
    expect((await b.call('mining.submit', ['myfarm01.rig1', job, '00000001', '5f5e1000', nonce(20)])).result).toBe(true);
    const next = h.coin.newJob(false);
    await b.wait((m) => m.method === 'mining.notify' && m.params![0] === next.id);
    expect(told()).toEqual([16, 256]);
    expect(h.shares.map((s) => [s.result, s.difficulty / 65536])).toEqual([['accepted', 16]]);
  });

  it('takes a worker name in any case at submit', async () => {
    h = await startHarness();
    const c = await client();
    await c.login('myfarm01.Rig1');
    await c.wait((m) => m.method === 'mining.notify');
    expect((await c.call('mining.submit', ['MyFarm01.RIG1', h.coin.currentJob()!.id, '00000001', '5f5e1000', nonce(20)])).result).toBe(true);
    expect(h.shares[0]).toMatchObject({ account: 'myfarm01', worker: 'rig1', result: 'accepted' });
  });

  it('keeps answering a connection’s other workers while one worker’s authorize waits for the pool, whose submissions wait for it', async () => {
    let answerSlow: (a: 'exists') => void = () => {};
    const slow = new Promise<'exists'>((resolve) => (answerSlow = resolve));
    h = await startHarness({ checkAccount: async (name) => (name.toLowerCase() === 'slowfarm' ? slow : 'exists') });
    const c = await client();
    await c.login('myfarm01.rig1');
    await c.wait((m) => m.method === 'mining.notify');
    const job = h.coin.currentJob()!.id;
    // A proxy adds a worker whose sub-account the pool is slow to look up.
    const auth = c.send('mining.authorize', ['slowfarm.rig2', 'x']);
    const waiting = c.send('mining.submit', ['slowfarm.rig2', job, '00000002', '5f5e1000', nonce(30)]);
    expect((await c.call('mining.submit', ['myfarm01.rig1', job, '00000001', '5f5e1000', nonce(31)])).result).toBe(true);
    expect(c.messages.some((m) => m.id === auth || m.id === waiting)).toBe(false);
    answerSlow('exists');
    expect((await c.wait((m) => m.id === auth)).result).toBe(true);
    expect((await c.wait((m) => m.id === waiting)).result).toBe(true);
    expect(c.messages.findIndex((m) => m.id === auth)).toBeLessThan(c.messages.findIndex((m) => m.id === waiting));
    expect(h.shares.map((s) => s.account)).toEqual(['myfarm01', 'slowfarm']);
  });

  it('asks the pool about at most four new names of one connection at once', async () => {
    const asked: string[] = [];
    let answerAll: () => void = () => {};
    const gate = new Promise<void>((resolve) => (answerAll = resolve));
    h = await startHarness({ checkAccount: async (name) => (asked.push(name), await gate, 'unknown') });
    const c = await client();
    await c.call('mining.subscribe', []);
    const ids = Array.from({ length: 10 }, (_, i) => c.send('mining.authorize', [`nobody${String(i).padStart(2, '0')}.rig1`, 'x']));
    await until(() => asked.length === 4);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toHaveLength(4);
    answerAll();
    for (const id of ids) expect((await c.wait((m) => m.id === id)).error![0]).toBe(24);
    expect(asked).toHaveLength(10);
  });

  it('answers mining.extranonce.subscribe and mining.suggest_difficulty', async () => {
    h = await startHarness();
    const c = await client();
    expect((await c.call('mining.suggest_difficulty', [256])).result).toBe(true);
    expect((await c.call('mining.extranonce.subscribe', [])).result).toBe(true);
    await c.login();
    expect((await c.wait((m) => m.method === 'mining.set_difficulty')).params).toEqual([256]);
    expect((await c.call('mining.suggest_difficulty', ['x'])).error![0]).toBe(20);
  });
});

describe('mining.submit', () => {
  it('accepts a share, records it in pool units with the IP before answering', async () => {
    h = await startHarness();
    const checked: Array<string | undefined> = [];
    const check = h.coin.check.bind(h.coin);
    h.coin.check = (submission) => (checked.push(submission.source), check(submission));
    const c = await client();
    await c.login();
    const job = h.coin.currentJob()!;
    const before = Date.now();
    const res = await c.call('mining.submit', ['myfarm01.rig1', job.id, '00000001', '5f5e1000', nonce(20)]);
    expect(res).toMatchObject({ result: true, error: null });
    expect(h.shares).toHaveLength(1);
    expect(h.shares[0]).toMatchObject({ coin: 'ltc', account: 'myfarm01', worker: 'rig1', difficulty: 16 * 65536, result: 'accepted', ip: '127.0.0.1' });
    expect(h.shares[0]!.time).toBeGreaterThanOrEqual(before);
    // The check is the IP's: Scrypt hashes are served one source (IP group) at a time in turn.
    expect(checked).toEqual(['127.0.0.1']);
  });

  it('answers every share of a burst once, as whole lines with their own ids, and records each in the same form', async () => {
    // The answers of one turn leave in one write (session.writeLine): none may be lost, merged or
    // split across a line, and the record's fields keep the order the outbox stores them in.
    h = await startHarness();
    const c = await client();
    await c.login();
    const job = h.coin.currentJob()!;
    const ids = Array.from({ length: 40 }, (_, i) => 1000 + i);
    c.raw(ids.map((id, i) => `${JSON.stringify({ id, method: 'mining.submit', params: ['myfarm01.rig1', job.id, '00000001', '5f5e1000', nonce(100 + i)] })}\n`).join(''));
    c.raw(`{"id":"text-id","method":"mining.submit","params":["myfarm01.rig1","${job.id}","00000001","5f5e1000","${nonce(99)}"]}\n`);
    await c.wait((m) => m.id === 'text-id');
    for (const id of ids) await c.wait((m) => m.id === id);
    const answers = c.messages.filter((m) => typeof m.id === 'string' || (typeof m.id === 'number' && m.id >= 1000));
    expect(answers).toHaveLength(41);
    expect(answers.every((m) => m.result === true && m.error === null)).toBe(true);
    expect(new Set(answers.map((m) => m.id)).size).toBe(41);
    expect(h.shares).toHaveLength(41);
    expect(Object.keys(h.shares[0]!)).toEqual(['coin', 'account', 'worker', 'difficulty', 'result', 'ip', 'time']);
  });

  it('passes the optional version bits and the negotiated mask to the coin', async () => {
    h = await startHarness();
    const c = await client();
    await c.call('mining.configure', [['version-rolling'], { 'version-rolling.mask': '1fffe000' }]);
    await c.login();
    await c.call('mining.submit', ['myfarm01.rig1', h.coin.currentJob()!.id, '00000001', '5f5e1000', nonce(20), '00002000']);
    expect(h.coin.submissions[0]).toMatchObject({ versionBits: '00002000', versionMask: 0x1fffe000, difficulty: 16 });
    // Without its leading zeros (some firmware), in one spelling; more than 32 bits is malformed.
    await c.call('mining.submit', ['myfarm01.rig1', h.coin.currentJob()!.id, '00000001', '5f5e1000', nonce(21), '4000']);
    expect(h.coin.submissions[1]).toMatchObject({ versionBits: '00004000' });
    expect((await c.call('mining.submit', ['myfarm01.rig1', h.coin.currentJob()!.id, '00000001', '5f5e1000', nonce(22), '100002000'])).error![0]).toBe(20);
  });

  it('answers 21 stale, 22 duplicate, 23 low difficulty and records each', async () => {
    h = await startHarness();
    const c = await client();
    await c.login();
    const old = h.coin.currentJob()!;
    const n = nonce(50);
    expect((await c.call('mining.submit', ['myfarm01.rig1', old.id, '00000001', '5f5e1000', n])).result).toBe(true);
    expect((await c.call('mining.submit', ['myfarm01.rig1', old.id, '00000001', '5f5e1000', n])).error).toEqual([22, 'duplicate share', null]);
    expect((await c.call('mining.submit', ['myfarm01.rig1', old.id, '00000002', '5f5e1000', nonce(3)])).error).toEqual([23, 'low difficulty share', null]);
    h.coin.newJob(true);
    await c.wait((m) => m.method === 'mining.notify' && m.params![0] !== old.id);
    // A new block (clean_jobs): the connection forgets the old job and answers it stale itself.
    expect((await c.call('mining.submit', ['myfarm01.rig1', old.id, '00000003', '5f5e1000', n])).error).toEqual([21, 'job not found (stale)', null]);
    // The same stale share sent again is a duplicate: refused without a record (each cost a synced outbox write).
    expect((await c.call('mining.submit', ['myfarm01.rig1', old.id, '00000003', '5f5e1000', n])).error).toEqual([22, 'duplicate share', null]);
    expect(h.shares.map((s) => [s.result, s.reason])).toEqual([
      ['accepted', undefined],
      ['rejected', 'duplicate'],
      ['rejected', 'low difficulty'],
      ['stale', 'job not found'],
    ]);
  });

  it('answers 25 before subscribe, 24 for a worker not authorized, 20 for malformed parameters', async () => {
    h = await startHarness();
    const c = await client();
    expect((await c.call('mining.submit', ['myfarm01.rig1', '1', '00000001', '5f5e1000', '00000001'])).error![0]).toBe(25);
    await c.call('mining.subscribe', []);
    expect((await c.call('mining.submit', ['myfarm01.rig1', '1', '00000001', '5f5e1000', '00000001'])).error![0]).toBe(24);
    await c.call('mining.authorize', ['myfarm01.rig1', '']);
    expect((await c.call('mining.submit', ['myfarm01.rig1', '1', '001', '5f5e1000', '00000001'])).error![0]).toBe(20);
    expect((await c.call('mining.submit', ['myfarm01.rig1', '1', '00000001', '5f5e1000', '00000001', 'zz'])).error![0]).toBe(20);
    expect(h.shares).toHaveLength(0);
    // Not recorded, but counted by the shares metric (stratum_shares_total{result="invalid"}).
    expect(h.results).toEqual(['invalid', 'invalid', 'invalid', 'invalid']);
  });

  it('does not answer true when the share cannot be written to the outbox', async () => {
    h = await startHarness({ recordShare: async () => { throw new Error('disk full'); } });
    const c = await client();
    await c.login();
    const res = await c.call('mining.submit', ['myfarm01.rig1', h.coin.currentJob()!.id, '00000001', '5f5e1000', nonce(20)]);
    expect(res.result).toBe(false);
    expect(res.error![0]).toBe(20);
    // A block found meanwhile (submitted by the check) is still counted: the disk holds back the share, not the block.
    const block = await c.call('mining.submit', ['myfarm01.rig1', h.coin.currentJob()!.id, '00000001', '5f5e1000', 'ffffffff']);
    expect(block.result).toBe(false);
    expect(h.blocks).toEqual([{ block: expect.objectContaining({ hash: 'ab'.repeat(32) }), account: 'myfarm01', worker: 'rig1' }]);
  });

  it('answers a block share true, records it, and counts the block with its finder', async () => {
    h = await startHarness();
    const c = await client();
    await c.login();
    const res = await c.call('mining.submit', ['myfarm01.rig1', h.coin.currentJob()!.id, '00000001', '5f5e1000', 'ffffffff']);
    expect(res.result).toBe(true);
    expect(h.shares).toHaveLength(1);
    expect(h.blocks).toEqual([{ block: expect.objectContaining({ hash: 'ab'.repeat(32), accepted: true }), account: 'myfarm01', worker: 'rig1' }]);
  });

  it('sends new jobs to mining sessions', async () => {
    h = await startHarness();
    const c = await client();
    await c.login();
    await c.wait((m) => m.method === 'mining.notify');
    const job = h.coin.newJob(false);
    const n = await c.waitNew((m) => m.method === 'mining.notify');
    expect(n.params![0]).toBe(job.id);
    expect(n.params![8]).toBe(false);
  });
});

describe('difficulty per job', () => {
  it('credits a share at its job\'s difficulty only: asking for other difficulties changes the next job', async () => {
    h = await startHarness({ port: { startDifficulty: 16, minDifficulty: 1, maxDifficulty: 1 << 20 } });
    const c = await client();
    await c.login();
    const job = h.coin.currentJob()!;
    await c.wait((m) => m.method === 'mining.notify');
    // A ladder of suggestions ending low: before, each level was added to the current job and a
    // share was credited at the highest level it met (a share of 70,000 at 65,536 while mining at 1).
    for (const d of [1024, 65536, 1]) expect((await c.call('mining.suggest_difficulty', [d])).result).toBe(true);
    expect((await c.call('mining.submit', ['myfarm01.rig1', job.id, '00000001', '5f5e1000', nonce(70000)])).result).toBe(true);
    expect((await c.call('mining.submit', ['myfarm01.rig1', job.id, '00000002', '5f5e1000', nonce(2)])).error![0]).toBe(23);
    expect(h.coin.submissions.map((s) => s.difficulty)).toEqual([16, 16]);
    // The next job is mined at the last difficulty asked for, announced once, just before it.
    const next = h.coin.newJob(false);
    await c.waitNew((m) => m.method === 'mining.notify' && m.params![0] === next.id);
    expect(c.messages.filter((m) => m.method === 'mining.set_difficulty').map((m) => m.params![0])).toEqual([16, 1]);
    expect((await c.call('mining.submit', ['myfarm01.rig1', next.id, '00000003', '5f5e1000', nonce(70000)])).result).toBe(true);
    expect(h.shares.map((s) => [s.result, s.difficulty / 65536])).toEqual([
      ['accepted', 16],
      ['rejected', 16],
      ['accepted', 1],
    ]);
  });

  it('accepts a share of a job sent before a lower difficulty was announced, at the lower one, when it meets only that', async () => {
    h = await startHarness({ port: { startDifficulty: 16, minDifficulty: 1, maxDifficulty: 1 << 20 } });
    const c = await client();
    await c.login();
    const job = h.coin.currentJob()!;
    await c.wait((m) => m.method === 'mining.notify');
    expect((await c.call('mining.suggest_difficulty', [4])).result).toBe(true);
    // Not told yet: the old job's share must still meet 16.
    expect((await c.call('mining.submit', ['myfarm01.rig1', job.id, '00000001', '5f5e1000', nonce(5)])).error![0]).toBe(23);
    const next = h.coin.newJob(false);
    await c.waitNew((m) => m.method === 'mining.notify' && m.params![0] === next.id);
    // Told 4 now: a miner that applies it to the job it is on sends shares of 4 for the old job.
    expect((await c.call('mining.submit', ['myfarm01.rig1', job.id, '00000002', '5f5e1000', nonce(5)])).result).toBe(true);
    expect((await c.call('mining.submit', ['myfarm01.rig1', job.id, '00000003', '5f5e1000', nonce(20)])).result).toBe(true);
    expect((await c.call('mining.submit', ['myfarm01.rig1', job.id, '00000004', '5f5e1000', nonce(3)])).error![0]).toBe(23);
    expect(h.shares.map((s) => [s.result, s.difficulty / 65536])).toEqual([
      ['rejected', 16],
      ['accepted', 4],
      ['accepted', 16],
      ['rejected', 16],
    ]);
  });

  it('answers a job this connection was not sent stale, unchecked: its difficulty cannot be chosen by asking', async () => {
    h = await startHarness({ port: { startDifficulty: 16, minDifficulty: 1, maxDifficulty: 1 << 20 } });
    const observer = await client();
    await observer.login();
    h.coin.newJob(true);
    // A refresh without clean_jobs: the coin still holds `previous`, a connection that logs in
    // after it is sent only the newest job.
    const previous = h.coin.newJob(false);
    h.coin.newJob(false);
    const c = await client();
    await c.login();
    await c.wait((m) => m.method === 'mining.notify');
    const checked = h.coin.submissions.length;
    for (const [i, d] of [3, 40, 70000].entries()) {
      expect((await c.call('mining.suggest_difficulty', [d])).result).toBe(true);
      expect((await c.call('mining.submit', ['myfarm01.rig1', previous.id, nonce(100 + i), '5f5e1000', nonce(d)])).error![0]).toBe(21);
    }
    // Not handed to the coin's check, recorded stale at the difficulty the miner was told.
    expect(h.coin.submissions.length).toBe(checked);
    expect(h.shares.map((s) => [s.result, s.difficulty / 65536])).toEqual([
      ['stale', 16],
      ['stale', 16],
      ['stale', 16],
    ]);
  });

  it('keeps one difficulty per job however many are asked for', async () => {
    h = await startHarness({ port: { startDifficulty: 16, minDifficulty: 1, maxDifficulty: 1 << 20 } });
    const c = await client();
    await c.login();
    await c.wait((m) => m.method === 'mining.notify');
    let text = '';
    for (let i = 0; i < 2000; i++) text += `${JSON.stringify({ id: 1000 + i, method: 'mining.suggest_difficulty', params: [1 + i / 1000] })}\n`;
    c.raw(text);
    await c.wait((m) => m.id === 2999);
    const session = [...(h.server as unknown as { listeners: Array<{ sessions: Set<{ jobDifficulty: Map<string, number> }> }> }).listeners[0]!.sessions][0]!;
    expect([...session.jobDifficulty.values()]).toEqual([16]);
  });

  it('offers only the coin\'s rollable version bits (Dogecoin: not its chain id)', async () => {
    h = await startHarness();
    (h.coin as { versionRollingMask: number }).versionRollingMask = 0x0000e000;
    const c = await client();
    const conf = await c.call('mining.configure', [['version-rolling'], { 'version-rolling.mask': 'ffffffff' }]);
    expect((conf.result as Record<string, unknown>)['version-rolling.mask']).toBe('0000e000');
  });
});

describe('flow control', () => {
  it('checks no more than 64 submissions at once, even from one large read, and answers every one in the end', async () => {
    h = await startHarness();
    const c = await client();
    await c.login();
    // Checks that end only when the test says (hash threads saturated).
    const waiting: Array<() => void> = [];
    const check = h.coin.check.bind(h.coin);
    h.coin.check = (submission) => new Promise((resolve) => waiting.push(() => resolve(check(submission))));
    const job = h.coin.currentJob()!.id;
    const count = 1500; // more than one read holds (about 650 lines)
    let text = '';
    // Each share well above the difficulty (the fake coin reads the nonce as the share's difficulty).
    for (let i = 0; i < count; i++) text += `${JSON.stringify({ id: i + 10, method: 'mining.submit', params: ['myfarm01.rig1', job, nonce(i), '5f5e1000', nonce(0x01000000 + i)] })}\n`;
    c.raw(text);
    // 64 checks waiting, then a few turns more: still 64, the rest held (not a fixed sleep, which a
    // loaded machine could outrun).
    await expect.poll(() => waiting.length, { timeout: 10_000 }).toBe(64);
    for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
    const session = [...(h.server as unknown as { listeners: Array<{ sessions: Set<{ pendingSubmissions(): number; socket: { isPaused(): boolean } }> }> }).listeners[0]!.sessions][0]!;
    expect(session.socket.isPaused()).toBe(true);
    // Not the hundreds of submissions one read holds: the rest of the read waits its turn.
    expect(waiting).toHaveLength(64);
    expect(session.pendingSubmissions()).toBe(64);
    // As checks end, the held lines and then the socket's next reads go on, in order, never more than 64 at once.
    let answered = 0;
    while (answered < count) {
      expect(waiting.length).toBeLessThanOrEqual(64);
      const batch = waiting.splice(0);
      for (const done of batch) done();
      answered += batch.length;
      await expect.poll(() => waiting.length > 0 || answered >= count, { interval: 5, timeout: 10_000, message: `answered ${answered}, pending ${session.pendingSubmissions()}` }).toBe(true);
    }
    expect(answered).toBe(count);
    // Each submission answered once, accepted.
    await expect.poll(() => c.messages.filter((m) => typeof m.id === 'number' && m.id >= 10).length, { timeout: 10_000 }).toBe(count);
    expect(c.messages.filter((m) => typeof m.id === 'number' && m.id >= 10 && m.result !== true)).toEqual([]);
  });

  it('counts submissions refused before their check (not subscribed, unauthorized) towards the ban', async () => {
    h = await startHarness({ limits: { invalidSharesThreshold: 3 } });
    const c = await client();
    await c.call('mining.subscribe', []);
    for (let i = 0; i < 3; i++) expect((await c.call('mining.submit', ['nobody01.rig1', '1', '00000001', '5f5e1000', '00000001'])).error![0]).toBe(24);
    c.send('mining.submit', ['nobody01.rig1', '1', '00000001', '5f5e1000', '00000001']);
    await c.closed;
  });
});

describe('framing', () => {
  it('closes on invalid JSON', async () => {
    h = await startHarness();
    const c = await client();
    c.raw('{"id":1,"method":\n');
    await c.closed;
  });

  it('closes on an unknown method before subscribe, answers 20 after', async () => {
    h = await startHarness();
    const c = await client();
    await c.login();
    expect((await c.call('mining.frobnicate', [])).error![0]).toBe(20);
    const d = await client();
    d.send('mining.frobnicate', []);
    await d.closed;
  });

  it('closes on a line over 16 KB, with or without its newline', async () => {
    h = await startHarness();
    const c = await client();
    c.raw(`{"id":1,"method":"mining.subscribe","params":["${'a'.repeat(17 * 1024)}"]}\n`);
    await c.closed;
    const d = await client();
    d.raw('x'.repeat(20 * 1024));
    await d.closed;
  });

  it('accepts CRLF and lines split across packets', async () => {
    h = await startHarness();
    const c = await client();
    c.raw('{"id":1,"method":"mining.sub');
    await new Promise((r) => setTimeout(r, 20));
    c.raw('scribe","params":[]}\r\n');
    expect((await c.wait((m) => m.id === 1)).error).toBeNull();
  });

  it('sends client.reconnect to every session on a graceful stop', async () => {
    h = await startHarness();
    const a = await client();
    const b = await client();
    await a.login();
    await b.call('mining.subscribe', []);
    const stopped = h.server.stop(200);
    await a.wait((m) => m.method === 'client.reconnect');
    await b.wait((m) => m.method === 'client.reconnect');
    await stopped;
  });
});
