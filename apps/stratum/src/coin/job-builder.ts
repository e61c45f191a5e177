// Turns a block template into a stratum job: the coinbase split around the extranonces, the merkle
// branch, and the header fields in the byte orders mining.notify uses. Keeps what the share check
// and the block submitter need later (the template's transactions, the coinbase witness flag).
import { randomBytes } from 'node:crypto';
import { address as bitcoinAddress, script as bitcoinScript, type Network } from 'bitcoinjs-lib';
import { networkDifficultyFromBits, targetFromBits, type PowAlgorithm } from './algorithm';
import { reversedHex, swapWords, u32le, u64le, varint } from './bytes';
import { merkleBranch } from './merkle';
import type { BlockTemplate } from './template';
import { EXTRANONCE1_SIZE, EXTRANONCE2_SIZE, type StratumJob } from './types';

/** A coinbase scriptSig is at most 100 bytes (consensus); the tag is cut to fit. */
const MAX_COINBASE_SCRIPT = 100;

export interface BuiltJob extends StratumJob {
  template: BlockTemplate;
  coinbase1Bytes: Buffer;
  coinbase2Bytes: Buffer;
  branch: Buffer[];
  /** Header's previous-block field (internal byte order). */
  prevHashInternal: Buffer;
  versionNumber: number;
  networkTarget: bigint;
  /** The network target as a double, for the share check's fast comparison. */
  networkTargetValue: number;
  /** nBits as the header's 32-bit field. */
  bitsNumber: number;
  /** Whether the coinbase needs its witness (the reserved value) in the block: segwit commitment present. */
  witness: boolean;
  /** Earliest ntime the node accepts for this template. */
  minTime: number;
}

/** BIP 34: the height as the first push of the coinbase script (OP_1..OP_16 for 1..16, as Core writes it). */
export function heightPush(height: number): Buffer {
  return Buffer.from(bitcoinScript.compile([bitcoinScript.number.encode(height)]));
}

export interface CoinbaseParts {
  coinbase1: Buffer;
  coinbase2: Buffer;
}

/**
 * The coinbase in its non-witness serialization, split where extranonce1 + extranonce2 go:
 * version | 1 input (null prevout) | script: height push, extranonces, [job number], tag | outputs | locktime.
 */
export function buildCoinbase(options: {
  height: number;
  coinbaseValue: bigint;
  payoutScript: Buffer;
  tag: string;
  witnessCommitment?: string;
  /** 4 bytes unique to the job (JobBuilder: its counter), so that no two jobs share any header. */
  jobNumber?: number;
}): CoinbaseParts {
  const push = heightPush(options.height);
  const unique = options.jobNumber === undefined ? Buffer.alloc(0) : u32le(options.jobNumber);
  const room = MAX_COINBASE_SCRIPT - push.length - EXTRANONCE1_SIZE - EXTRANONCE2_SIZE - unique.length;
  const tag = Buffer.from(options.tag, 'utf8').subarray(0, Math.max(0, room));
  const scriptLength = push.length + EXTRANONCE1_SIZE + EXTRANONCE2_SIZE + unique.length + tag.length;

  const outputs: Buffer[] = [u64le(options.coinbaseValue), varint(options.payoutScript.length), options.payoutScript];
  let outputCount = 1;
  if (options.witnessCommitment) {
    const commitment = Buffer.from(options.witnessCommitment, 'hex');
    outputs.push(u64le(0n), varint(commitment.length), commitment);
    outputCount++;
  }

  const coinbase1 = Buffer.concat([
    u32le(1), // version
    varint(1),
    Buffer.alloc(32), // null prevout hash
    u32le(0xffffffff), // null prevout index
    varint(scriptLength),
    push,
  ]);
  const coinbase2 = Buffer.concat([unique, tag, u32le(0xffffffff), varint(outputCount), ...outputs, u32le(0)]);
  return { coinbase1, coinbase2 };
}

/** The coinbase with its BIP 141 witness (one item: 32 zero bytes, the reserved value). */
export function withCoinbaseWitness(coinbase: Buffer): Buffer {
  // coinbase = version(4) | inputs…outputs | locktime(4): marker and flag after the version,
  // the witness before the locktime.
  return Buffer.concat([
    coinbase.subarray(0, 4),
    Buffer.from([0x00, 0x01]),
    coinbase.subarray(4, coinbase.length - 4),
    Buffer.from([0x01, 0x20]),
    Buffer.alloc(32),
    coinbase.subarray(coinbase.length - 4),
  ]);
}

export function payoutScriptFor(payoutAddress: string, network: Network): Buffer {
  return Buffer.from(bitcoinAddress.toOutputScript(payoutAddress, network));
}

export class JobBuilder {
  /**
   * Starts where no earlier run of this process did (a random 32-bit number): a restarted process
   * (ProcessGroup restarts one in a second) on the same template would otherwise hand out the same
   * job ids and coinbases again, and a share it had credited before the restart, resubmitted by a
   * proxy, would be new to its in-memory duplicate check and credited twice.
   */
  private counter = randomBytes(4).readUInt32LE(0);

  constructor(
    private readonly algorithm: PowAlgorithm,
    private readonly payoutScript: Buffer,
    private readonly coinbaseTag: string,
  ) {}

  build(template: BlockTemplate, cleanJobs: boolean): BuiltJob {
    this.counter = (this.counter + 1) >>> 0;
    // The job's number in its coinbase: a refresh that changed nothing (the same transactions, as
    // on a quiet chain) would otherwise be the same work under a second job id, each header valid
    // (and credited) once under each, the duplicate check being per job.
    const { coinbase1, coinbase2 } = buildCoinbase({
      jobNumber: this.counter,
      height: template.height,
      coinbaseValue: BigInt(template.coinbasevalue),
      payoutScript: this.payoutScript,
      tag: this.coinbaseTag,
      witnessCommitment: template.default_witness_commitment,
    });
    const branch = merkleBranch(template.transactions.map((tx) => reversedHex(tx.txid)));
    const prevHashInternal = reversedHex(template.previousblockhash);
    return {
      id: this.counter.toString(16),
      prevHash: swapWords(prevHashInternal).toString('hex'),
      coinbase1: coinbase1.toString('hex'),
      coinbase2: coinbase2.toString('hex'),
      merkleBranch: branch.map((b) => b.toString('hex')),
      version: (template.version >>> 0).toString(16).padStart(8, '0'),
      nbits: template.bits,
      ntime: template.curtime.toString(16).padStart(8, '0'),
      cleanJobs,
      height: template.height,
      networkDifficulty: networkDifficultyFromBits(this.algorithm, template.bits),
      template,
      coinbase1Bytes: coinbase1,
      coinbase2Bytes: coinbase2,
      branch,
      prevHashInternal,
      versionNumber: template.version >>> 0,
      networkTarget: targetFromBits(template.bits),
      networkTargetValue: Number(targetFromBits(template.bits)),
      bitsNumber: parseInt(template.bits, 16),
      witness: Boolean(template.default_witness_commitment),
      minTime: template.mintime ?? template.curtime,
    };
  }
}

/**
 * The jobs shares may still name: those of the current template and of the previous one when it
 * built on the same block (a transaction refresh). A job of an older block, or older than the
 * previous template, is gone: its shares answer 21 (stale). So is all work the node stopped
 * vouching for (clear()).
 */
export class JobStore {
  private current: BuiltJob | undefined;
  private previous: BuiltJob | undefined;

  add(job: BuiltJob): void {
    this.previous = job.cleanJobs ? undefined : this.current;
    this.current = job;
  }

  get(id: string): BuiltJob | undefined {
    if (this.current?.id === id) return this.current;
    if (this.previous?.id === id) return this.previous;
    return undefined;
  }

  latest(): BuiltJob | undefined {
    return this.current;
  }

  /** Forgets every job (stale work, template-source.ts): until the next, every share is stale. */
  clear(): void {
    this.current = undefined;
    this.previous = undefined;
  }
}
