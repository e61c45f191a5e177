// The proof-of-work parts of the bitcoin family: the header hash of each algorithm and the targets
// of difficulties. Units (docs/stratum-integration.md §5): a stratum difficulty d of SHA-256d is
// d x 2^32 hashes and of Scrypt d x 2^16 hashes (the common Scrypt convention, a target 2^16 times
// easier), which is exactly the pool's unit for both (k = 2^32 for btc, 2^16 for ltc and doge). A
// node's getdifficulty (Bitcoin's difficulty 1 for all) is the pool's unit times 1 for SHA-256d
// and times 65,536 for Scrypt.
import { createHash, scryptSync } from 'node:crypto';

export type AlgorithmName = 'sha256d' | 'scrypt';

export interface PowAlgorithm {
  readonly name: AlgorithmName;
  /** The proof-of-work hash of an 80-byte header (compared as a little-endian number). */
  hash(header: Buffer): Buffer;
  /** The target of stratum difficulty 1. */
  readonly diff1: bigint;
  /** A node difficulty (Bitcoin's difficulty 1) times this is stratum and pool difficulty. */
  readonly nodeDifficultyFactor: number;
}

export const sha256d = (data: Buffer): Buffer => createHash('sha256').update(createHash('sha256').update(data).digest()).digest();

/** Bitcoin's difficulty-1 target: 0x00000000ffff0000…0000. */
export const BITCOIN_DIFF1 = 0xffffn << 208n;

export const SHA256D: PowAlgorithm = { name: 'sha256d', hash: sha256d, diff1: BITCOIN_DIFF1, nodeDifficultyFactor: 1 };
export const SCRYPT: PowAlgorithm = {
  name: 'scrypt',
  hash: (header) => scryptSync(header, header, 32, { N: 1024, r: 1, p: 1 }),
  diff1: BITCOIN_DIFF1 << 16n,
  nodeDifficultyFactor: 65_536,
};

/** A 32-byte hash as the little-endian number the targets compare with. */
export function hashValue(hash: Buffer): bigint {
  return BigInt(`0x${Buffer.from(hash).reverse().toString('hex')}`);
}

/** The share target of a stratum difficulty (fractions kept to a millionth). */
export function targetOf(algorithm: PowAlgorithm, difficulty: number): bigint {
  const scaled = BigInt(Math.max(1, Math.round(difficulty * 1e6)));
  return (algorithm.diff1 * 1_000_000n) / scaled;
}

/** The difficulty a hash (or a target) stands for, in stratum units. */
export function difficultyOf(algorithm: PowAlgorithm, value: bigint): number {
  if (value === 0n) return Number.MAX_VALUE;
  // Scale before dividing so that small results keep their fraction.
  return Number((algorithm.diff1 * 1_000_000n) / value) / 1e6;
}

/** The target of a compact "bits" value (hex, as the node's template gives it). */
export function targetFromBits(bits: string): bigint {
  const n = Number.parseInt(bits, 16);
  const exponent = n >>> 24;
  const mantissa = BigInt(n & 0x007fffff);
  return exponent <= 3 ? mantissa >> BigInt(8 * (3 - exponent)) : mantissa << BigInt(8 * (exponent - 3));
}
