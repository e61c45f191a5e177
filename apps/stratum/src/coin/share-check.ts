// Checks one submitted share against its job: coinbase -> txid -> merkle root -> 80-byte header
// (version bits rolled only inside the negotiated mask, ntime within the template's window), the
// coin's hash against the share target and the network target, and duplicates refused. Pure: the
// caller submits a block when `block` is set.
import type { ShareRejectCode, ShareSubmission } from './types';
import { EXTRANONCE2_SIZE } from './types';
import { difficultyOf, hashValue, sha256d, targetFromBits, targetOf, type PowAlgorithm } from './algorithm';
import { merkleRoot, type BuiltJob } from './job-builder';
import { swap32 } from './serialize';

/** How far ahead of now a miner's ntime may be (what nodes accept: two hours). */
export const NTIME_MAX_AHEAD_SECONDS = 7200;

export type CheckOutcome =
  | { ok: true; shareDifficulty: number; block?: { header: Buffer; coinbase: Buffer; hash: string } }
  | { ok: false; code: ShareRejectCode; reason: string };

const HEX = /^[0-9a-f]*$/;

export class ShareChecker {
  /** Submissions seen per job (job id -> keys), dropped with the job. */
  private readonly seen = new Map<string, Set<string>>();

  constructor(private readonly algorithm: PowAlgorithm) {}

  forget(jobId: string): void {
    this.seen.delete(jobId);
  }

  check(job: BuiltJob, s: ShareSubmission, nowSeconds: number): CheckOutcome {
    const en2 = s.extranonce2.toLowerCase();
    const ntimeHex = s.ntime.toLowerCase();
    const nonceHex = s.nonce.toLowerCase();
    if (en2.length !== EXTRANONCE2_SIZE * 2 || !HEX.test(en2)) return { ok: false, code: 20, reason: 'bad extranonce2' };
    if (ntimeHex.length !== 8 || !HEX.test(ntimeHex) || nonceHex.length !== 8 || !HEX.test(nonceHex)) return { ok: false, code: 20, reason: 'bad ntime or nonce' };
    let version = job.versionNumber;
    if (s.versionBits !== undefined) {
      const bitsHex = s.versionBits.toLowerCase();
      if (bitsHex.length !== 8 || !HEX.test(bitsHex)) return { ok: false, code: 20, reason: 'bad version bits' };
      const bits = Number.parseInt(bitsHex, 16) >>> 0;
      if ((bits & ~s.versionMask) >>> 0 !== 0) return { ok: false, code: 20, reason: 'version bits outside the mask' };
      version = ((job.versionNumber & ~s.versionMask) | bits) >>> 0;
    }
    const ntime = Number.parseInt(ntimeHex, 16);
    if (ntime < job.template.mintime || ntime > nowSeconds + NTIME_MAX_AHEAD_SECONDS) return { ok: false, code: 20, reason: 'ntime out of range' };

    const key = `${s.extranonce1}:${en2}:${ntimeHex}:${nonceHex}:${version}`;
    let seen = this.seen.get(job.id);
    if (!seen) this.seen.set(job.id, (seen = new Set()));
    if (seen.has(key)) return { ok: false, code: 22, reason: 'duplicate share' };
    seen.add(key);

    const coinbase = Buffer.from(job.coinbase1 + s.extranonce1 + en2 + job.coinbase2, 'hex');
    const root = merkleRoot(sha256d(coinbase), job.branch);
    const header = Buffer.alloc(80);
    header.writeUInt32LE(version, 0);
    swap32(Buffer.from(job.prevHash, 'hex')).copy(header, 4);
    root.copy(header, 36);
    header.writeUInt32LE(ntime, 68);
    header.writeUInt32LE(Number.parseInt(job.nbits, 16), 72);
    header.writeUInt32LE(Number.parseInt(nonceHex, 16) >>> 0, 76);

    const value = hashValue(this.algorithm.hash(header));
    const shareDifficulty = difficultyOf(this.algorithm, value);
    const isBlock = value <= targetFromBits(job.nbits);
    if (!isBlock && value > targetOf(this.algorithm, s.difficulty)) return { ok: false, code: 23, reason: 'low difficulty' };
    if (!isBlock) return { ok: true, shareDifficulty };
    // The block's own hash is always SHA-256d of the header (Scrypt is only its proof of work).
    return { ok: true, shareDifficulty, block: { header, coinbase, hash: Buffer.from(sha256d(header)).reverse().toString('hex') } };
  }
}
