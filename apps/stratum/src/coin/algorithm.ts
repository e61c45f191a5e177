// Proof-of-work algorithms of the bitcoin family and the difficulty arithmetic around them.
//
// Units. A stratum difficulty d means share target = diff1 / d. We pick diff1 per algorithm so that
// one stratum difficulty is exactly the pool's k hashes (docs/stratum-integration.md §5):
//   SHA-256d: diff1 = 0xffff·2^208  → difficulty 1 ≈ 2^32 hashes  (k = 2^32)
//   Scrypt:   diff1 = 0xffff·2^224  → difficulty 1 ≈ 2^16 hashes  (k = 2^16; the ×2^16 easier target
//             every Scrypt pool and miner uses)
// so a share's pool-unit difficulty equals its stratum difficulty for both (poolUnitPerStratumDifficulty = 1).
// A node's getdifficulty, however, always uses Bitcoin's diff1 (0xffff·2^208): for Scrypt coins its
// value must be multiplied by 2^16 = 65,536 to be in pool units (nodeDifficultyToPoolUnit).
import { hash, scryptSync } from 'node:crypto';
import { scryptHeader } from './offloaded-scrypt';

export interface PowAlgorithm {
  readonly name: 'sha256d' | 'scrypt';
  /** Target of stratum difficulty 1. */
  readonly diff1: bigint;
  /** Pool-unit difficulty per stratum difficulty (1 for both: see the header comment). */
  readonly poolUnitPerStratumDifficulty: number;
  /** Pool-unit difficulty per unit of the node's getdifficulty. */
  readonly nodeDifficultyToPoolUnit: number;
  /** The proof-of-work hash of an 80-byte header, in the byte order compared as a little-endian number. */
  powHash(header: Buffer): Buffer;
  /**
   * The same off the event loop, for an algorithm too costly to run on it (the share check uses
   * it); `source` is whose check it is (the connection's IP group): sources are served in turn.
   */
  powHashAsync?(header: Buffer, source?: string): Promise<Buffer>;
}

const BITCOIN_DIFF1 = 0xffffn << 208n;

// One-shot crypto.hash, not createHash: every share hashes its coinbase, each merkle step and its
// header, and a Hash object per call cost 2 to 5 times as much (bench:stratum).
export function sha256d(data: Buffer): Buffer {
  return hash('sha256', hash('sha256', data, 'buffer'), 'buffer');
}

export const SHA256D: PowAlgorithm = {
  name: 'sha256d',
  diff1: BITCOIN_DIFF1,
  poolUnitPerStratumDifficulty: 1,
  nodeDifficultyToPoolUnit: 1,
  powHash: sha256d,
};

export const SCRYPT: PowAlgorithm = {
  name: 'scrypt',
  diff1: 0xffffn << 224n,
  poolUnitPerStratumDifficulty: 1,
  nodeDifficultyToPoolUnit: 65_536,
  // Litecoin's scrypt: the header is both password and salt; N=1024, r=1, p=1 needs 128 KiB, well
  // under node's default maxmem.
  powHash: (header) => scryptSync(header, header, 32, { N: 1024, r: 1, p: 1 }),
  powHashAsync: scryptHeader,
};

export function algorithmForCoin(coin: 'btc' | 'ltc' | 'doge'): PowAlgorithm {
  return coin === 'btc' ? SHA256D : SCRYPT;
}

/**
 * A hash read as the little-endian 256-bit number it is compared as, in a double: eight exact
 * 32-bit terms summed, so its relative error is below 1e-15. The share check compares with it and
 * turns to the exact bigint only at a target's edge (a BigInt per share was a tenth of its cost).
 */
export function hashToNumber(hash: Buffer): number {
  let value = 0;
  for (let i = 28; i >= 0; i -= 4) value = value * 4_294_967_296 + hash.readUInt32LE(i);
  return value;
}

/**
 * Whether a hash is at or below a target, exactly: decided on doubles where they are far apart
 * (their errors are below 1e-15, the margin is 1e-12) and on bigints at the edge.
 */
export function hashMeetsTarget(hash: Buffer, hashValue: number, target: bigint, targetValue: number): boolean {
  if (hashValue < targetValue * (1 - 1e-12)) return true;
  if (hashValue > targetValue * (1 + 1e-12)) return false;
  return hashToBigInt(hash) <= target;
}

/** A hash (as powHash returns it) read as the little-endian 256-bit number it is compared as. */
export function hashToBigInt(hash: Buffer): bigint {
  return BigInt(`0x${Buffer.from(hash).reverse().toString('hex')}`);
}

// Difficulties are floats (miners ask for 0.5 or 65536.25; regtest shares are 1e-9). d × 2^k with
// k chosen so the product has all 53 bits of d's mantissa in its integer part is exact (a power of
// two only moves the exponent), so diff1·2^k / (d·2^k) loses nothing at any magnitude.
export function targetForDifficulty(algorithm: PowAlgorithm, difficulty: number): bigint {
  if (!(difficulty > 0) || !Number.isFinite(difficulty)) throw new RangeError(`difficulty must be > 0, got ${difficulty}`);
  const k = Math.max(0, 53 - Math.floor(Math.log2(difficulty)));
  const scaled = BigInt(Math.round(difficulty * 2 ** k));
  return (algorithm.diff1 << BigInt(k)) / scaled;
}

/** The stratum difficulty a hash (or a target) stands for: diff1 / value (a float: for reports). */
export function difficultyForTarget(algorithm: PowAlgorithm, target: bigint): number {
  if (target <= 0n) return Number.MAX_VALUE;
  return Number(algorithm.diff1) / Number(target);
}

/** The compact nBits form (8 hex digits) as a full target. */
export function targetFromBits(bits: string): bigint {
  const compact = parseInt(bits, 16);
  const exponent = compact >>> 24;
  const mantissa = BigInt(compact & 0x007fffff);
  return exponent <= 3 ? mantissa >> BigInt(8 * (3 - exponent)) : mantissa << BigInt(8 * (exponent - 3));
}

/** The network difficulty of nBits in the pool's unit. */
export function networkDifficultyFromBits(algorithm: PowAlgorithm, bits: string): number {
  return difficultyForTarget(algorithm, targetFromBits(bits)) * algorithm.poolUnitPerStratumDifficulty;
}

/** A node's getdifficulty / getblockheader "difficulty" (Bitcoin diff1 for all coins) in the pool's unit. */
export function nodeDifficultyToPoolUnit(algorithm: PowAlgorithm, nodeDifficulty: number): number {
  return nodeDifficulty * algorithm.nodeDifficultyToPoolUnit;
}
