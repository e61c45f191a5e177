// A stratum job from a node's block template (BIP 22/23): the coinbase split around the
// extranonces, the merkle branch of the template's transactions, and the header fields in the
// byte order mining.notify sends them. The coinbase's scriptSig is the BIP 34 height, a push of
// the 8 extranonce bytes (extranonce1 of the connection, extranonce2 of the miner) and the pool's
// tag; it pays the whole coinbase value to the pool's address, and carries the template's witness
// commitment (BIP 141) when the template has one.
import { EXTRANONCE1_SIZE, EXTRANONCE2_SIZE, type StratumJob } from './types';
import { sha256d } from './algorithm';
import { heightPush, internalOrder, pushData, swap32, uint32LE, uint64LE, varInt } from './serialize';

/** What getblocktemplate answers, the fields used here. */
export interface BlockTemplate {
  version: number;
  previousblockhash: string;
  transactions: Array<{ data: string; txid: string; hash?: string }>;
  coinbasevalue: number;
  target: string;
  mintime: number;
  curtime: number;
  bits: string;
  height: number;
  default_witness_commitment?: string;
  longpollid?: string;
  rules?: string[];
  /** Litecoin: the MWEB block to append when the template carries one. */
  mweb?: string;
}

/** A job with what its shares are checked against and its block is assembled from. */
export interface BuiltJob extends StratumJob {
  template: BlockTemplate;
  /** Merkle branch, internal byte order. */
  branch: Buffer[];
  versionNumber: number;
  /** Whether the coinbase needs its witness (the reserved value) in the block. */
  segwit: boolean;
}

/** The merkle branch of the coinbase (leaf 0) over the template's transactions. */
export function merkleBranch(txHashes: Buffer[]): Buffer[] {
  const steps: Buffer[] = [];
  let level: Array<Buffer | null> = [null, ...txHashes];
  while (level.length > 1) {
    steps.push(level[1]!);
    if (level.length % 2 === 1) level.push(level.at(-1)!);
    const next: Array<Buffer | null> = [null];
    for (let i = 2; i < level.length; i += 2) next.push(sha256d(Buffer.concat([level[i]!, level[i + 1]!])));
    level = next;
  }
  return steps;
}

/** The merkle root from the coinbase's txid and the branch. */
export function merkleRoot(coinbaseTxid: Buffer, branch: readonly Buffer[]): Buffer {
  let root = coinbaseTxid;
  for (const step of branch) root = sha256d(Buffer.concat([root, step]));
  return root;
}

export function buildJob(o: { id: string; template: BlockTemplate; payoutScript: Buffer; tag: string; cleanJobs: boolean; networkDifficulty: number }): BuiltJob {
  const t = o.template;
  const tag = Buffer.from(o.tag, 'utf8').subarray(0, 40);
  const extranonceLength = EXTRANONCE1_SIZE + EXTRANONCE2_SIZE;
  const scriptStart = Buffer.concat([heightPush(t.height), Buffer.from([extranonceLength])]);
  const scriptEnd = tag.length ? pushData(tag) : Buffer.alloc(0);
  const scriptLength = scriptStart.length + extranonceLength + scriptEnd.length;
  const outputs: Buffer[] = [Buffer.concat([uint64LE(BigInt(t.coinbasevalue)), varInt(o.payoutScript.length), o.payoutScript])];
  if (t.default_witness_commitment) {
    const commitment = Buffer.from(t.default_witness_commitment, 'hex');
    outputs.push(Buffer.concat([uint64LE(0n), varInt(commitment.length), commitment]));
  }
  const coinbase1 = Buffer.concat([
    uint32LE(1), // version
    varInt(1),
    Buffer.alloc(32), // the null prevout
    uint32LE(0xffffffff),
    varInt(scriptLength),
    scriptStart,
  ]);
  const coinbase2 = Buffer.concat([scriptEnd, uint32LE(0xffffffff), varInt(outputs.length), ...outputs, uint32LE(0)]);
  const branch = merkleBranch(t.transactions.map((tx) => internalOrder(tx.txid)));
  return {
    id: o.id,
    prevHash: swap32(internalOrder(t.previousblockhash)).toString('hex'),
    coinbase1: coinbase1.toString('hex'),
    coinbase2: coinbase2.toString('hex'),
    merkleBranch: branch.map((b) => b.toString('hex')),
    version: (t.version >>> 0).toString(16).padStart(8, '0'),
    nbits: t.bits,
    ntime: t.curtime.toString(16).padStart(8, '0'),
    cleanJobs: o.cleanJobs,
    height: t.height,
    networkDifficulty: o.networkDifficulty,
    template: t,
    branch,
    versionNumber: t.version >>> 0,
    segwit: Boolean(t.default_witness_commitment),
  };
}

/** The coinbase as the block carries it: with its witness (the 32-byte reserved value) under segwit. */
export function blockCoinbase(job: BuiltJob, legacy: Buffer): Buffer {
  if (!job.segwit) return legacy;
  // version | marker 00 flag 01 | inputs and outputs | witness: 1 item of 32 zero bytes | locktime
  const body = legacy.subarray(4, legacy.length - 4);
  return Buffer.concat([legacy.subarray(0, 4), Buffer.from([0x00, 0x01]), body, varInt(1), varInt(32), Buffer.alloc(32), legacy.subarray(legacy.length - 4)]);
}

/** The whole block for submitblock (hex). */
export function assembleBlock(job: BuiltJob, header: Buffer, legacyCoinbase: Buffer): string {
  const txs = job.template.transactions.map((tx) => Buffer.from(tx.data, 'hex'));
  const parts = [header, varInt(1 + txs.length), blockCoinbase(job, legacyCoinbase), ...txs];
  // Litecoin after MWEB activation: the block ends with its MWEB part (doc/mweb/mining-changes.md).
  if (job.template.mweb) parts.push(Buffer.from([0x01]), Buffer.from(job.template.mweb, 'hex'));
  return Buffer.concat(parts).toString('hex');
}
