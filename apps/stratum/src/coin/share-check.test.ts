import { describe, expect, it } from 'vitest';
import { SCRYPT, SHA256D, hashToBigInt, sha256d, targetForDifficulty, targetFromBits } from './algorithm';
import { assembleBlock, blockHash } from './block-submitter';
import { toDisplayHex, u32le, varint } from './bytes';
import { JobStore, type BuiltJob } from './job-builder';
import { merkleBranch } from './merkle';
import { ShareChecker, assembleHeader, type BlockSubmit } from './share-check';
import { BTC_100000, BTC_881423, BTC_GENESIS, LTC_2273263, LTC_GENESIS } from './test-vectors';
import type { FoundBlock, ShareSubmission } from './types';
import { jobFromParts, stripCoinbaseWitness } from './vector-jobs';

const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');

function submission(job: BuiltJob, extranonce1: string, extranonce2: string, time: number, nonce: number, extra: Partial<ShareSubmission> = {}): ShareSubmission {
  return { jobId: job.id, extranonce1, extranonce2, ntime: hex(time), nonce: hex(nonce), versionMask: 0, difficulty: 1, account: 'farm', worker: 'rig1', ...extra };
}

/** A checker over one job whose block submission is recorded, not sent. */
function checkerFor(job: BuiltJob, algorithm = SHA256D, now = (job.template.curtime + 60) * 1000) {
  const store = new JobStore();
  store.add(job);
  const submitted: Buffer[] = [];
  const submit: BlockSubmit = async (_job, solved) => {
    submitted.push(solved.header);
    return { coin: 'btc', height: job.height, hash: blockHash(solved.header), reward: 0n, networkDifficulty: 1, accepted: true } satisfies FoundBlock;
  };
  return { checker: new ShareChecker(algorithm, store, submit, () => now), submitted, store };
}

describe('real blocks rebuilt from their stratum parts', () => {
  it('Bitcoin block 100,000: coinbase + branch + header fields give its hash', async () => {
    const v = BTC_100000;
    const coinbase = Buffer.from(v.coinbase, 'hex');
    expect(toDisplayHex(sha256d(coinbase))).toBe(v.txids[0]);
    const branch = merkleBranch(v.txids.slice(1).map((t) => Buffer.from(t, 'hex').reverse()));
    // script 08 | 04 4c86041b 02 0602: the 8 script bytes play extranonce1 + extranonce2.
    const { job, extranonce1, extranonce2 } = jobFromParts({ algorithm: SHA256D, coinbase, extranonceOffset: 42, branch, version: v.version, previousblockhash: v.previousblockhash, bits: v.bits, time: v.time });
    const solved = assembleHeader(job, extranonce1, extranonce2, v.time, v.nonce, v.version);
    expect(toDisplayHex(solved.header.subarray(36, 68))).toBe(v.merkleRoot);
    expect(blockHash(solved.header)).toBe(v.hash);

    const { checker, submitted } = checkerFor(job);
    const result = await checker.check(submission(job, extranonce1, extranonce2, v.time, v.nonce));
    expect(result.ok).toBe(true);
    expect(result.ok && result.block?.hash).toBe(v.hash);
    expect(submitted).toHaveLength(1);
  });

  it('Bitcoin genesis', () => {
    const v = BTC_GENESIS;
    const coinbase = Buffer.from(v.coinbase, 'hex');
    const { job, extranonce1, extranonce2 } = jobFromParts({ algorithm: SHA256D, coinbase, extranonceOffset: 42, branch: [], version: v.version, previousblockhash: v.previousblockhash, bits: v.bits, time: v.time });
    const solved = assembleHeader(job, extranonce1, extranonce2, v.time, v.nonce, v.version);
    expect(toDisplayHex(solved.header.subarray(36, 68))).toBe(v.merkleRoot);
    expect(blockHash(solved.header)).toBe(v.hash);
  });

  it('Litecoin genesis: coinbase from its message and key, hash by SHA-256d, proof of work by scrypt', async () => {
    const v = LTC_GENESIS;
    const message = Buffer.from(v.message, 'utf8');
    const script = Buffer.concat([Buffer.from('04ffff001d0104', 'hex'), varint(message.length), message]);
    const pubkeyScript = Buffer.concat([Buffer.from([0x41]), Buffer.from(v.pubkey, 'hex'), Buffer.from([0xac])]);
    const coinbase = Buffer.concat([
      u32le(1), varint(1), Buffer.alloc(32), u32le(0xffffffff), varint(script.length), script, u32le(0xffffffff),
      varint(1), Buffer.from('00f2052a01000000', 'hex'), varint(pubkeyScript.length), pubkeyScript, u32le(0),
    ]);
    const { job, extranonce1, extranonce2 } = jobFromParts({ algorithm: SCRYPT, coinbase, extranonceOffset: 42, branch: [], version: v.version, previousblockhash: v.previousblockhash, bits: v.bits, time: v.time });
    const solved = assembleHeader(job, extranonce1, extranonce2, v.time, v.nonce, v.version);
    expect(toDisplayHex(solved.header.subarray(36, 68))).toBe(v.merkleRoot);
    expect(blockHash(solved.header)).toBe(v.hash);

    const { checker } = checkerFor(job, SCRYPT);
    const result = await checker.check(submission(job, extranonce1, extranonce2, v.time, v.nonce, { difficulty: 0.1 }));
    expect(result.ok && result.block?.hash).toBe(v.hash);
  });

  it('Bitcoin block 881,423: a segwit coinbase with a 4 + 4 byte extranonce and an 11-step branch', async () => {
    const v = BTC_881423;
    const coinbase = stripCoinbaseWitness(Buffer.from(v.coinbaseWithWitness, 'hex'));
    const { job, extranonce1, extranonce2 } = jobFromParts({
      algorithm: SHA256D, coinbase, extranonceOffset: v.extranonceOffset - 2, branch: v.branch.map((b) => Buffer.from(b, 'hex')),
      version: v.version, previousblockhash: v.previousblockhash, bits: v.bits, time: v.time, height: v.height, witness: true,
    });
    expect(Buffer.concat([job.coinbase1Bytes, Buffer.from(extranonce1 + extranonce2, 'hex'), job.coinbase2Bytes])).toEqual(coinbase);
    const { checker } = checkerFor(job);
    const result = await checker.check(submission(job, extranonce1, extranonce2, v.time, v.nonce, { difficulty: 1e6 }));
    expect(result.ok && result.block?.hash).toBe(v.hash);
    expect(result.ok && result.shareDifficulty).toBeGreaterThan(100e12);
  });

  it('Litecoin testnet block 2,273,263 (MWEB): the check finds the block and submitblock gets the exact payload of Litecoin Core\'s doc', async () => {
    const v = LTC_2273263;
    const t = v.template;
    const coinbase = stripCoinbaseWitness(Buffer.from(v.coinbaseWithWitness, 'hex'));
    // AntPool's script: 2a | 03 efaf22 | 19 "Mined by AntPool " … – any 8 bytes after the height play the extranonces.
    const { job, extranonce1, extranonce2 } = jobFromParts({
      algorithm: SCRYPT, coinbase, extranonceOffset: 46, branch: merkleBranch(t.transactions.map((tx) => Buffer.from(tx.txid, 'hex').reverse())),
      version: t.version, previousblockhash: t.previousblockhash, bits: t.bits, time: v.time, height: t.height, witness: true, template: t,
    });
    const { checker, submitted } = checkerFor(job, SCRYPT, v.time * 1000);
    const result = await checker.check(submission(job, extranonce1, extranonce2, v.time, v.nonce, { difficulty: 1000 }));
    expect(result.ok && result.block).toBeTruthy();
    const solved = assembleHeader(job, extranonce1, extranonce2, v.time, v.nonce, t.version);
    expect(solved.header).toEqual(submitted[0]);
    expect(hashToBigInt(SCRYPT.powHash(solved.header)) <= targetFromBits(t.bits)).toBe(true);
    expect(assembleBlock(job, solved).toString('hex')).toBe(v.submitblock);
  });
});

describe('share rejections', () => {
  const v = BTC_100000;
  const branch = merkleBranch(v.txids.slice(1).map((t) => Buffer.from(t, 'hex').reverse()));
  const parts = () =>
    jobFromParts({ algorithm: SHA256D, coinbase: Buffer.from(v.coinbase, 'hex'), extranonceOffset: 42, branch, version: 0x20000000, previousblockhash: v.previousblockhash, bits: v.bits, time: v.time });

  it('an unknown job is 21, and so is a job of an older block once a new one came', async () => {
    const { job, extranonce1, extranonce2 } = parts();
    const { checker, store } = checkerFor(job);
    expect(await checker.check({ ...submission(job, extranonce1, extranonce2, v.time, 1), jobId: 'ffff' })).toMatchObject({ ok: false, code: 21 });
    // A refresh on the same block keeps the previous job valid; a new block voids both.
    store.add({ ...job, id: '2', cleanJobs: false });
    expect((await checker.check(submission(job, extranonce1, extranonce2, v.time, 1, { difficulty: 1e-12 }))).ok).toBe(true);
    store.add({ ...job, id: '3', cleanJobs: true });
    expect(await checker.check(submission(job, extranonce1, extranonce2, v.time, 2, { difficulty: 1e-12 }))).toMatchObject({ ok: false, code: 21 });
  });

  it('the same share twice is 22; another nonce or extranonce2 is not', async () => {
    const { job, extranonce1, extranonce2 } = parts();
    const { checker } = checkerFor(job);
    const share = submission(job, extranonce1, extranonce2, v.time, 7, { difficulty: 1e-12 });
    expect((await checker.check(share)).ok).toBe(true);
    expect(await checker.check(share)).toMatchObject({ ok: false, code: 22 });
    expect(await checker.check({ ...share, nonce: share.nonce.toUpperCase() })).toMatchObject({ ok: false, code: 22 });
    expect((await checker.check({ ...share, nonce: hex(8) })).ok).toBe(true);
    expect((await checker.check({ ...share, extranonce2: '00000001' })).ok).toBe(true);
  });

  it('a hash above the share target is 23 (low difficulty)', async () => {
    const { job, extranonce1, extranonce2 } = parts();
    const { checker } = checkerFor(job);
    // A random nonce almost never reaches difficulty 1 (one in 2^32): a low-difficulty share.
    const result = await checker.check(submission(job, extranonce1, extranonce2, v.time, 12345, { difficulty: 1 }));
    expect(result).toMatchObject({ ok: false, code: 23 });
    // …and at a difficulty it does reach, it is accepted but no block.
    const solved = assembleHeader(job, extranonce1, extranonce2, v.time, 12345, 0x20000000);
    const reached = Number(SHA256D.diff1) / Number(hashToBigInt(sha256d(solved.header)));
    const ok = await checker.check(submission(job, extranonce1, extranonce2, v.time, 12345, { difficulty: reached * 0.99 }));
    expect(ok).toMatchObject({ ok: true });
    expect(ok.ok && ok.block).toBeUndefined();
    expect(targetForDifficulty(SHA256D, reached * 0.99) > hashToBigInt(sha256d(solved.header))).toBe(true);
  });

  it('a share that misses its job’s difficulty but meets a lower one announced since is accepted at that one', async () => {
    const { job, extranonce1, extranonce2 } = parts();
    const { checker } = checkerFor(job);
    const solved = assembleHeader(job, extranonce1, extranonce2, v.time, 4242, 0x20000000);
    const reached = Number(SHA256D.diff1) / Number(hashToBigInt(sha256d(solved.header)));
    const share = submission(job, extranonce1, extranonce2, v.time, 4242, { difficulty: reached * 2, lowered: reached * 0.5 });
    expect(await checker.check(share)).toMatchObject({ ok: true, creditedAt: reached * 0.5 });
    // Below the lowered one too: low difficulty, and forgotten (not a duplicate when sent again).
    const garbage = submission(job, extranonce1, extranonce2, v.time, 4243, { difficulty: 1e6, lowered: 1e5 });
    expect(await checker.check(garbage)).toMatchObject({ ok: false, code: 23 });
    expect(await checker.check(garbage)).toMatchObject({ ok: false, code: 23 });
    // Met at the job's own difficulty: credited at that, not at the lowered one.
    const met = await checker.check(submission(job, extranonce1, '00000009', v.time, 1, { difficulty: 1e-12, lowered: 1e-13 }));
    expect(met.ok && met.creditedAt).toBeUndefined();
  });

  it('version rolling: bits inside the mask change the header, bits outside it are 20', async () => {
    const { job, extranonce1, extranonce2 } = parts();
    const { checker } = checkerFor(job);
    const mask = 0x1fffe000;
    const base = submission(job, extranonce1, extranonce2, v.time, 99, { difficulty: 1e-12, versionMask: mask });
    const rolled = await checker.check({ ...base, versionBits: '00002000' });
    expect(rolled.ok).toBe(true);
    // The same share with the whole rolled version (job bits outside the mask) is the same header: duplicate.
    expect(await checker.check({ ...base, versionBits: '20002000' })).toMatchObject({ ok: false, code: 22 });
    expect(await checker.check({ ...base, versionBits: '40000000' })).toMatchObject({ ok: false, code: 20 });
    expect(await checker.check({ ...base, versionBits: '00002000', versionMask: 0 })).toMatchObject({ ok: false, code: 20 });
    // The rolled header really carries the rolled version.
    const solved = assembleHeader(job, extranonce1, extranonce2, v.time, 99, 0x20002000);
    expect(solved.header.readUInt32LE(0)).toBe(0x20002000);
  });

  it('ntime before the template or over 7,000 s ahead (inside the node’s two hours) is 20; malformed fields are 20', async () => {
    const { job, extranonce1, extranonce2 } = parts();
    const { checker } = checkerFor(job);
    const share = submission(job, extranonce1, extranonce2, v.time, 5, { difficulty: 1e-12 });
    expect(await checker.check({ ...share, ntime: hex(job.minTime - 1) })).toMatchObject({ ok: false, code: 20 });
    expect(await checker.check({ ...share, ntime: hex(v.time + 60 + 7001) })).toMatchObject({ ok: false, code: 20 });
    expect((await checker.check({ ...share, ntime: hex(v.time + 60 + 7000) })).ok).toBe(true);
    expect(await checker.check({ ...share, extranonce2: '00' })).toMatchObject({ ok: false, code: 20 });
    expect(await checker.check({ ...share, nonce: 'zzzzzzzz' })).toMatchObject({ ok: false, code: 20 });
    expect(await checker.check({ ...share, versionBits: 'xyz', versionMask: 0x1fffe000 })).toMatchObject({ ok: false, code: 20 });
    expect(await checker.check({ ...share, difficulty: 0 })).toMatchObject({ ok: false, code: 20 });
  });
});
