// Builds jobs from real blocks' parts for the unit tests: the coinbase split where the pool put its
// extranonces, and header fields as the template gave them.
import { targetFromBits, networkDifficultyFromBits, type PowAlgorithm } from './algorithm';
import { reversedHex, swapWords } from './bytes';
import type { BuiltJob } from './job-builder';
import type { BlockTemplate } from './template';

/** A coinbase's non-witness form (what its txid hashes): marker/flag and the one witness item removed. */
export function stripCoinbaseWitness(coinbase: Buffer): Buffer {
  if (coinbase[4] !== 0x00 || coinbase[5] !== 0x01) return coinbase;
  return Buffer.concat([coinbase.subarray(0, 4), coinbase.subarray(6, coinbase.length - 4 - 34), coinbase.subarray(coinbase.length - 4)]);
}

export function jobFromParts(p: {
  algorithm: PowAlgorithm;
  coinbase: Buffer;
  extranonceOffset: number;
  branch: Buffer[];
  version: number;
  previousblockhash: string;
  bits: string;
  time: number;
  height?: number;
  witness?: boolean;
  template?: Partial<BlockTemplate>;
  id?: string;
}): { job: BuiltJob; extranonce1: string; extranonce2: string } {
  const prevHashInternal = reversedHex(p.previousblockhash);
  const o = p.extranonceOffset;
  return {
    extranonce1: p.coinbase.subarray(o, o + 4).toString('hex'),
    extranonce2: p.coinbase.subarray(o + 4, o + 8).toString('hex'),
    job: {
      id: p.id ?? '1',
      prevHash: swapWords(prevHashInternal).toString('hex'),
      coinbase1: p.coinbase.subarray(0, o).toString('hex'),
      coinbase2: p.coinbase.subarray(o + 8).toString('hex'),
      merkleBranch: p.branch.map((b) => b.toString('hex')),
      version: p.version.toString(16).padStart(8, '0'),
      nbits: p.bits,
      ntime: p.time.toString(16).padStart(8, '0'),
      cleanJobs: true,
      height: p.height ?? 0,
      networkDifficulty: networkDifficultyFromBits(p.algorithm, p.bits),
      template: {
        version: p.version,
        previousblockhash: p.previousblockhash,
        transactions: [],
        coinbasevalue: 0,
        target: '',
        curtime: p.time,
        bits: p.bits,
        height: p.height ?? 0,
        ...p.template,
      },
      coinbase1Bytes: p.coinbase.subarray(0, o),
      coinbase2Bytes: p.coinbase.subarray(o + 8),
      branch: p.branch,
      prevHashInternal,
      versionNumber: p.version >>> 0,
      networkTarget: targetFromBits(p.bits),
      networkTargetValue: Number(targetFromBits(p.bits)),
      bitsNumber: parseInt(p.bits, 16),
      witness: p.witness ?? false,
      minTime: p.time - 3600,
    },
  };
}
