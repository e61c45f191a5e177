// A share that meets the network target becomes a block: assembled and sent with submitblock before
// anything else (every millisecond is orphan risk), then looked up on the node to know whether it
// took; the pool learns it as a `found` event and the tracker follows it to maturity.
import { coinBaseDecimals } from '@hashpool/shared';
import { sha256d } from './algorithm';
import { toDisplayHex, varint } from './bytes';
import { withCoinbaseWitness, type BuiltJob } from './job-builder';
import type { RpcClient } from './rpc';
import type { SolvedHeader } from './share-check';
import type { BlockEventSink, FoundBlock, Logger, ShareSubmission } from './types';

/**
 * The block as submitblock wants it: header, transaction count, the coinbase (with its witness
 * reserved value when the template commits to witnesses), the template's transactions as given,
 * and for Litecoin after MWEB activation a 0x01 byte and the template's `mweb` data
 * (Litecoin Core doc/mweb/mining-changes.md).
 */
export function assembleBlock(job: BuiltJob, solved: SolvedHeader): Buffer {
  const coinbase = job.witness ? withCoinbaseWitness(solved.coinbase) : solved.coinbase;
  const parts = [
    solved.header,
    varint(job.template.transactions.length + 1),
    coinbase,
    ...job.template.transactions.map((tx) => Buffer.from(tx.data, 'hex')),
  ];
  if (job.template.mweb) parts.push(Buffer.from([0x01]), Buffer.from(job.template.mweb, 'hex'));
  return Buffer.concat(parts);
}

/** The block's hash as nodes show it: double SHA-256 of the header for every bitcoin-family coin. */
export function blockHash(header: Buffer): string {
  return toDisplayHex(sha256d(header));
}

/** Base units to a decimal coin string, exactly (bigint division; no float touches money). */
export function baseUnitsToCoins(amount: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const int = amount / scale;
  const frac = (amount % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return frac ? `${int}.${frac}` : `${int}`;
}

export class BlockSubmitter {
  constructor(
    private readonly coin: 'btc' | 'ltc' | 'doge',
    private readonly rpc: RpcClient,
    private readonly sink: BlockEventSink,
    private readonly log: Logger,
    /** Called with every block the node accepted: the tracker follows it (saved before the share is answered). */
    private readonly onAccepted: (hash: string, height: number) => Promise<void>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async submit(job: BuiltJob, solved: SolvedHeader, submission: ShareSubmission): Promise<FoundBlock> {
    const hash = blockHash(solved.header);
    let rejectReason: string | undefined;
    try {
      // null is success; a string is the node's reason ("duplicate", "high-hash", "bad-txnmrklroot"…).
      const result = await this.rpc.call<string | null>('submitblock', [assembleBlock(job, solved).toString('hex')], { timeoutMs: 60_000 });
      if (result !== null && result !== 'duplicate') rejectReason = result;
    } catch (err) {
      rejectReason = (err as Error).message;
    }
    // The node's own view decides: a block it holds on its main chain (or being validated) counts.
    let accepted = false;
    try {
      const header = await this.rpc.call<{ confirmations: number }>('getblockheader', [hash]);
      accepted = header.confirmations !== -1 || rejectReason === undefined;
    } catch (err) {
      rejectReason ??= `not on the node after submitblock: ${(err as Error).message}`;
    }
    const block: FoundBlock = {
      coin: this.coin,
      height: job.height,
      hash,
      reward: BigInt(job.template.coinbasevalue),
      networkDifficulty: job.networkDifficulty,
      accepted,
    };
    if (!accepted) block.rejectReason = rejectReason ?? 'rejected';
    const fields = { coin: this.coin, height: job.height, hash, account: submission.account, worker: submission.worker };
    if (accepted) {
      this.log.info('block found', { ...fields, reward: block.reward.toString() });
      this.sink.publish({
        type: 'found',
        coin: this.coin,
        height: job.height,
        hash,
        reward: baseUnitsToCoins(block.reward, coinBaseDecimals(this.coin)),
        account: submission.account,
        worker: submission.worker,
        difficulty: job.networkDifficulty,
        time: this.now(),
      });
      await this.onAccepted(hash, job.height).catch((err) =>
        this.log.error('could not save a found block for tracking', { hash, error: (err as Error).message }),
      );
    } else {
      this.log.error('block rejected by the node', { ...fields, reason: block.rejectReason });
    }
    return block;
  }
}
