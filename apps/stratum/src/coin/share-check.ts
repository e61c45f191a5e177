// Checks one mining.submit: rebuild the coinbase from the job and the extranonces, fold it into the
// merkle root, assemble the 80-byte header, hash it with the coin's algorithm and compare with the
// share target and the network target. Answers with the stratum error codes of the common pools:
// 20 other (malformed, version bits outside the mask, ntime out of range), 21 job not found
// (stale), 22 duplicate, 23 low difficulty.
import { difficultyForTarget, hashToBigInt, sha256d, targetForDifficulty, type PowAlgorithm } from './algorithm';
import { isHex, u32le } from './bytes';
import type { BuiltJob, JobStore } from './job-builder';
import { merkleRootFromBranch } from './merkle';
import { EXTRANONCE1_SIZE, EXTRANONCE2_SIZE, type FoundBlock, type ShareCheckResult, type ShareSubmission } from './types';

/** How far ahead of our clock a miner may roll ntime (Bitcoin Core refuses blocks over 2 h ahead). */
export const MAX_NTIME_AHEAD_SECONDS = 7200;

export interface SolvedHeader {
  header: Buffer;
  /** The coinbase in its non-witness serialization. */
  coinbase: Buffer;
  version: number;
}

/** Header fields of a submission in the header's byte order (all little-endian). */
export function assembleHeader(
  job: BuiltJob,
  extranonce1: string,
  extranonce2: string,
  ntime: number,
  nonce: number,
  version: number,
): SolvedHeader {
  const coinbase = Buffer.concat([job.coinbase1Bytes, Buffer.from(extranonce1, 'hex'), Buffer.from(extranonce2, 'hex'), job.coinbase2Bytes]);
  const merkleRoot = merkleRootFromBranch(sha256d(coinbase), job.branch);
  const header = Buffer.concat([u32le(version), job.prevHashInternal, merkleRoot, u32le(ntime), u32le(parseInt(job.nbits, 16)), u32le(nonce)]);
  return { header, coinbase, version };
}

export type BlockSubmit = (job: BuiltJob, solved: SolvedHeader, submission: ShareSubmission) => Promise<FoundBlock>;

export class ShareChecker {
  // Duplicates are remembered per job: when a job leaves the store its set goes with it.
  private readonly seen = new WeakMap<BuiltJob, Set<string>>();

  constructor(
    private readonly algorithm: PowAlgorithm,
    private readonly jobs: JobStore,
    private readonly submitBlock: BlockSubmit,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async check(s: ShareSubmission): Promise<ShareCheckResult> {
    const job = this.jobs.get(s.jobId);
    if (!job) return reject(21, 'job not found (stale)');
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

    const key = `${s.extranonce1}:${s.extranonce2}:${s.ntime}:${s.nonce}:${version.toString(16)}`.toLowerCase();
    let seen = this.seen.get(job);
    if (!seen) this.seen.set(job, (seen = new Set()));
    if (seen.has(key)) return reject(22, 'duplicate share');
    // Remembered before any await (a hash off the event loop, a block submission), so a second copy
    // arriving meanwhile is a duplicate; a share of too low a difficulty is forgotten again.
    seen.add(key);

    const solved = assembleHeader(job, s.extranonce1, s.extranonce2, ntime, parseInt(s.nonce, 16), version);
    const pow = this.algorithm.powHashAsync ? await this.algorithm.powHashAsync(solved.header) : this.algorithm.powHash(solved.header);
    const hashValue = hashToBigInt(pow);
    const shareDifficulty = difficultyForTarget(this.algorithm, hashValue);
    // A hash that meets the network target is a block even when the connection's share target is
    // harder (on a test network the network's target can be the easier one): never thrown away.
    if (hashValue > job.networkTarget && hashValue > targetForDifficulty(this.algorithm, s.difficulty)) {
      seen.delete(key);
      return reject(23, `low difficulty share (${shareDifficulty.toPrecision(4)} < ${s.difficulty})`);
    }
    if (hashValue <= job.networkTarget) {
      const block = await this.submitBlock(job, solved, s);
      return { ok: true, shareDifficulty, block };
    }
    return { ok: true, shareDifficulty };
  }
}

function reject(code: 20 | 21 | 22 | 23, reason: string): ShareCheckResult {
  return { ok: false, code, reason };
}
