// Checks one mining.submit: rebuild the coinbase from the job and the extranonces, fold it into the
// merkle root, assemble the 80-byte header, hash it with the coin's algorithm and compare with the
// share target and the network target. Answers with the stratum error codes of the common pools:
// 20 other (malformed, version bits outside the mask, ntime out of range), 21 job not found
// (stale), 22 duplicate, 23 low difficulty.
import { hashMeetsTarget, hashToNumber, sha256d, targetForDifficulty, type PowAlgorithm } from './algorithm';
import { isHex } from './bytes';
import { FingerprintSet } from './fingerprint-set';
import type { BuiltJob, JobStore } from './job-builder';
import { EXTRANONCE1_SIZE, EXTRANONCE2_SIZE, type FoundBlock, type ShareCheckResult, type ShareSubmission } from './types';

/**
 * How far ahead of our clock a miner may roll ntime: Bitcoin Core refuses blocks over 2 h ahead of
 * its network-adjusted time, which may run a few minutes behind ours, so a share at our edge could
 * be credited as a block the node refuses ("time-too-new"); 200 s of margin.
 */
export const MAX_NTIME_AHEAD_SECONDS = 7000;

export interface SolvedHeader {
  header: Buffer;
  /** The coinbase in its non-witness serialization. */
  coinbase: Buffer;
  version: number;
}

/**
 * Header fields of a submission in the header's byte order (all little-endian). Built with one
 * buffer per part written in place: this runs for every share, and a Buffer.concat of small
 * buffers per field was most of the check's garbage.
 */
export function assembleHeader(
  job: BuiltJob,
  extranonce1: string,
  extranonce2: string,
  ntime: number,
  nonce: number,
  version: number,
): SolvedHeader {
  const cb1 = job.coinbase1Bytes;
  const cb2 = job.coinbase2Bytes;
  const coinbase = Buffer.allocUnsafe(cb1.length + extranonce1.length / 2 + extranonce2.length / 2 + cb2.length);
  let o = cb1.copy(coinbase, 0);
  o += coinbase.write(extranonce1, o, 'hex');
  o += coinbase.write(extranonce2, o, 'hex');
  cb2.copy(coinbase, o);
  // Merkle root: the coinbase txid folded with each sibling (the coinbase is always on the left).
  let root = sha256d(coinbase);
  if (job.branch.length) {
    const pair = Buffer.allocUnsafe(64);
    for (const sibling of job.branch) {
      root.copy(pair, 0);
      sibling.copy(pair, 32);
      root = sha256d(pair);
    }
  }
  const header = Buffer.allocUnsafe(80);
  header.writeUInt32LE(version >>> 0, 0);
  job.prevHashInternal.copy(header, 4);
  root.copy(header, 36);
  header.writeUInt32LE(ntime >>> 0, 68);
  header.writeUInt32LE(job.bitsNumber, 72);
  header.writeUInt32LE(nonce >>> 0, 76);
  return { header, coinbase, version };
}

export type BlockSubmit = (job: BuiltJob, solved: SolvedHeader, submission: ShareSubmission) => Promise<FoundBlock>;

export class ShareChecker {
  // Duplicates are remembered per job: when a job leaves the store its set goes with it.
  private readonly seen = new WeakMap<BuiltJob, FingerprintSet>();
  /** Share targets of the difficulties in use (a port has a handful), exact and as doubles. */
  private readonly targets = new Map<number, { exact: bigint; value: number }>();
  private readonly diff1: number;

  constructor(
    private readonly algorithm: PowAlgorithm,
    private readonly jobs: JobStore,
    private readonly submitBlock: BlockSubmit,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.diff1 = Number(algorithm.diff1);
  }

  async check(s: ShareSubmission): Promise<ShareCheckResult> {
    const job = this.jobs.get(s.jobId);
    if (!job) return STALE_JOB;
    if (!isHex(s.extranonce1, EXTRANONCE1_SIZE)) return reject(20, 'malformed extranonce1');
    if (!isHex(s.extranonce2, EXTRANONCE2_SIZE)) return reject(20, `extranonce2 must be ${EXTRANONCE2_SIZE} bytes of hex`);
    if (!isHex(s.ntime, 4)) return reject(20, 'ntime must be 4 bytes of hex');
    if (!isHex(s.nonce, 4)) return reject(20, 'nonce must be 4 bytes of hex');
    if (s.versionBits !== undefined && !/^[0-9a-fA-F]{1,8}$/.test(s.versionBits)) return reject(20, 'malformed version bits');
    if (!(s.difficulty > 0) || !Number.isFinite(s.difficulty)) return reject(20, 'no share difficulty');

    const ntime = parseInt(s.ntime, 16);
    if (ntime < job.minTime) return reject(20, 'ntime before the template allows');
    if (ntime > Math.floor(this.now() / 1000) + MAX_NTIME_AHEAD_SECONDS) return reject(20, 'ntime too far in the future');

    // BIP 310: only the negotiated bits may differ from the job's version.
    const mask = s.versionMask >>> 0;
    let version = job.versionNumber;
    if (s.versionBits !== undefined) {
      const bits = parseInt(s.versionBits, 16) >>> 0;
      // Miners send either the rolled bits alone or the whole rolled version: outside the mask we
      // accept zeros or the job's own bits, anything else is a change the pool did not allow.
      const outside = (bits & ~mask) >>> 0;
      if (outside !== 0 && outside !== (job.versionNumber & ~mask) >>> 0) {
        return reject(20, 'version bits outside the negotiated mask');
      }
      version = ((job.versionNumber & ~mask) | (bits & mask)) >>> 0;
    }

    const solved = assembleHeader(job, s.extranonce1, s.extranonce2, ntime, parseInt(s.nonce, 16), version);
    // A duplicate is the same header: same job, extranonces, ntime, nonce and version. Its
    // fingerprint is a hash of the header: the proof of work when it is computed here (SHA-256d),
    // else the header's SHA-256d, before the costly hash goes off the event loop (Scrypt).
    let pow = this.algorithm.powHashAsync ? undefined : this.algorithm.powHash(solved.header);
    const fingerprint = pow ?? sha256d(solved.header);
    let seen = this.seen.get(job);
    if (!seen) this.seen.set(job, (seen = new FingerprintSet()));
    // Remembered before any await (a hash off the event loop, a block submission), so a second copy
    // arriving meanwhile is a duplicate; a share of too low a difficulty is forgotten again.
    if (!seen.add(fingerprint)) return reject(22, 'duplicate share');
    pow ??= await this.algorithm.powHashAsync!(solved.header, s.source);
    const hashValue = hashToNumber(pow);
    const shareDifficulty = hashValue > 0 ? this.diff1 / hashValue : Number.MAX_VALUE;
    const target = this.shareTarget(s.difficulty);
    // A hash that meets the network target is a block even when the connection's share target is
    // harder (on a test network the network's target can be the easier one): never thrown away.
    const isBlock = hashMeetsTarget(pow, hashValue, job.networkTarget, job.networkTargetValue);
    if (!isBlock && !hashMeetsTarget(pow, hashValue, target.exact, target.value)) {
      if (s.lowered !== undefined && s.lowered < s.difficulty) {
        const lowered = this.shareTarget(s.lowered);
        if (hashMeetsTarget(pow, hashValue, lowered.exact, lowered.value)) return { ok: true, shareDifficulty, creditedAt: s.lowered };
      }
      seen.delete(fingerprint);
      return reject(23, `low difficulty share (${shareDifficulty.toPrecision(4)} < ${s.lowered ?? s.difficulty})`);
    }
    if (isBlock) {
      const block = await this.submitBlock(job, solved, s);
      return { ok: true, shareDifficulty, block };
    }
    return { ok: true, shareDifficulty };
  }

  private shareTarget(difficulty: number): { exact: bigint; value: number } {
    let t = this.targets.get(difficulty);
    if (!t) {
      if (this.targets.size >= MAX_TARGETS) this.targets.clear();
      const exact = targetForDifficulty(this.algorithm, difficulty);
      t = { exact, value: Number(exact) };
      this.targets.set(difficulty, t);
    }
    return t;
  }
}

/** Difficulties whose targets are kept: vardiff moves in a few steps, a port holds a handful. */
const MAX_TARGETS = 256;

/** The answer to a share of a job no longer held (or never sent to its connection: session.ts). */
export const STALE_JOB: ShareCheckResult = { ok: false, code: 21, reason: 'job not found (stale)' };

function reject(code: 20 | 21 | 22 | 23, reason: string): ShareCheckResult {
  return { ok: false, code, reason };
}
