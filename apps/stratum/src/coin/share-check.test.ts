// The share check against real main-network blocks: from a block's coinbase, merkle branch and
// header fields it rebuilds the block's known hash (Bitcoin block 100,000, SHA-256d) and the
// Scrypt proof of work of the Litecoin genesis block; then stale, duplicate, low-difficulty and
// version-mask refusals.
import { describe, expect, it } from 'vitest';
import { difficultyOf, hashValue, SCRYPT, SHA256D, sha256d, targetFromBits, targetOf } from './algorithm';
import { merkleBranch, merkleRoot, type BuiltJob } from './job-builder';
import { internalOrder, swap32 } from './serialize';
import { ShareChecker } from './share-check';

// Bitcoin block 100,000 (main network).
const B100K = {
  hash: '000000000003ba27aa200b1cecaad478d2b00432346c3f1f3986da1afd33e506',
  prev: '000000000002d01c1fccc21636b607dfd930d31d01c3a62104612a1719011250',
  merkle: 'f3e94742aca4b5ef85488dc37c06c3282295ffec960994b2c0d5ac2a25a95766',
  time: 1293623863,
  bits: '1b04864c',
  nonce: 274148111,
  coinbase:
    '01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff08044c86041b020602ffffffff0100f2052a010000004341041b0e8c2567c12536aa13357b79a073dc4444acb83c4ec7a0e2f99dd7457516c5817242da796924ca4e99947d087fedf9ce467cb9f7c6287078f801df276fdf84ac00000000',
  txids: [
    '8c14f0db3df150123e6f3dbbf30f8b955a8249b62ac1d1ff16284aefa3d06d87',
    'fff2525b8931402dd09222c50775608f75787bd2b87e56995a7bdd30f79702c4',
    '6359f0868171b1d194cbee1af2f16ea598ae8fad666d9b012c8ed2b79a236ec4',
    'e9a66845e05d5abc0ad04ec80f774a7e585c6e8db975962d069a522137b80c1d',
  ],
};

/** A job whose coinbase is the block's, split so that its 8 bytes at `at` are the extranonces. */
function jobOf(coinbaseHex: string, at: number, o: { prev: string; bits: string; time: number; version: number; txids: string[] }): { job: BuiltJob; en1: string; en2: string } {
  const coinbase1 = coinbaseHex.slice(0, at * 2);
  const en1 = coinbaseHex.slice(at * 2, at * 2 + 8);
  const en2 = coinbaseHex.slice(at * 2 + 8, at * 2 + 16);
  const coinbase2 = coinbaseHex.slice(at * 2 + 16);
  const branch = merkleBranch(o.txids.map(internalOrder));
  const job = {
    id: '1',
    prevHash: swap32(internalOrder(o.prev)).toString('hex'),
    coinbase1,
    coinbase2,
    merkleBranch: branch.map((b) => b.toString('hex')),
    version: o.version.toString(16).padStart(8, '0'),
    nbits: o.bits,
    ntime: o.time.toString(16).padStart(8, '0'),
    cleanJobs: true,
    height: 0,
    networkDifficulty: 1,
    template: { version: o.version, previousblockhash: o.prev, transactions: [], coinbasevalue: 0, target: '', mintime: o.time - 7200, curtime: o.time, bits: o.bits, height: 0 },
    branch,
    versionNumber: o.version,
    segwit: false,
  } satisfies BuiltJob;
  return { job, en1, en2 };
}

describe('the share check on real blocks', () => {
  it('rebuilds Bitcoin block 100,000: coinbase txid, merkle root and the header hash', () => {
    expect(Buffer.from(sha256d(Buffer.from(B100K.coinbase, 'hex'))).reverse().toString('hex')).toBe(B100K.txids[0]);
    const branch = merkleBranch(B100K.txids.slice(1).map(internalOrder));
    expect(Buffer.from(merkleRoot(internalOrder(B100K.txids[0]!), branch)).reverse().toString('hex')).toBe(B100K.merkle);

    const { job, en1, en2 } = jobOf(B100K.coinbase, 42, { ...B100K, version: 1, txids: B100K.txids.slice(1) });
    const checker = new ShareChecker(SHA256D);
    const share = { jobId: '1', extranonce1: en1, extranonce2: en2, ntime: job.ntime, nonce: B100K.nonce.toString(16).padStart(8, '0'), versionMask: 0, difficulty: 1, account: 'a', worker: 'w' };
    const outcome = checker.check(job, share, B100K.time);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.block?.hash).toBe(B100K.hash);
    expect(outcome.shareDifficulty).toBeGreaterThan(difficultyOf(SHA256D, targetFromBits(B100K.bits)));
    // The same share again: a duplicate.
    expect(checker.check(job, share, B100K.time)).toMatchObject({ ok: false, code: 22 });
    // Another nonce: far from the block, and from a share of difficulty 1000 (low difficulty).
    expect(checker.check(job, { ...share, nonce: '00000001', difficulty: 1000 }, B100K.time)).toMatchObject({ ok: false, code: 23 });
    // Version bits inside the negotiated mask get to the hash (here too weak: 23); outside it, refused (20).
    expect(checker.check(job, { ...share, nonce: '00000002', versionBits: '00002000', versionMask: 0x1fffe000 }, B100K.time)).toMatchObject({ ok: false, code: 23 });
    expect(checker.check(job, { ...share, nonce: '00000003', versionBits: '00000001', versionMask: 0x1fffe000 }, B100K.time)).toMatchObject({ ok: false, code: 20 });
    // An ntime before the template's window.
    expect(checker.check(job, { ...share, ntime: (B100K.time - 8000).toString(16) }, B100K.time)).toMatchObject({ ok: false, code: 20 });
  });

  it('hashes the Bitcoin genesis header to its known hash', () => {
    const header = Buffer.alloc(80);
    header.writeUInt32LE(1, 0);
    internalOrder('4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b').copy(header, 36);
    header.writeUInt32LE(1231006505, 68);
    header.writeUInt32LE(0x1d00ffff, 72);
    header.writeUInt32LE(2083236893, 76);
    expect(Buffer.from(SHA256D.hash(header)).reverse().toString('hex')).toBe('000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f');
  });

  it('proves the Litecoin genesis block with Scrypt (N=1024, r=1, p=1), and its SHA-256d hash is its id', () => {
    const header = Buffer.alloc(80);
    header.writeUInt32LE(1, 0);
    internalOrder('97ddfbbae6be97fd6cdf3e7ca13232a3afff2353e29badfab7f73011edd4ced9').copy(header, 36);
    header.writeUInt32LE(1317972665, 68);
    header.writeUInt32LE(0x1e0ffff0, 72);
    header.writeUInt32LE(2084524493, 76);
    expect(Buffer.from(sha256d(header)).reverse().toString('hex')).toBe('12a765e31ffd4059bada1e25190f6e98c99d9714d334efa41a195a7e7e04bfe2');
    const pow = hashValue(SCRYPT.hash(header));
    expect(pow <= targetFromBits('1e0ffff0')).toBe(true);
    expect(pow <= targetFromBits('1e0ffff0') / 1000n).toBe(false);
  });

  it('converts units: a Scrypt stratum difficulty is 2^16 hashes (the pool unit), a node difficulty is 65,536 of them', () => {
    // Stratum difficulty 1 of Scrypt is a target 2^16 times easier than Bitcoin's difficulty 1.
    expect(targetOf(SCRYPT, 1)).toBe(targetOf(SHA256D, 1) * 65_536n);
    // A network at node difficulty 1 (Bitcoin's diff-1 target) is difficulty 65,536 in the pool's unit for Scrypt.
    expect(difficultyOf(SCRYPT, targetFromBits('1d00ffff'))).toBe(65_536);
    expect(difficultyOf(SHA256D, targetFromBits('1d00ffff'))).toBe(1);
    expect(SCRYPT.nodeDifficultyFactor).toBe(65_536);
  });
});
