// A share that meets the network target becomes a block: assembled and sent with submitblock before
// anything else (every millisecond is orphan risk), then looked up on the node to know whether it
// took; the pool learns it as a `found` event and the tracker follows it to maturity.
import { coinBaseDecimals } from '@hashpool/shared';
import { sha256d } from './algorithm';
import { toDisplayHex, varint } from './bytes';
import { withCoinbaseWitness, type BuiltJob } from './job-builder';
import { setTimeout as sleep } from 'node:timers/promises';
import { isBlockNotFound, isNotTaken, RpcError, type RpcClient } from './rpc';
import type { SolvedHeader } from './share-check';
import type { BlockEventSink, FoundBlock, FoundEvent, Logger, ShareSubmission } from './types';

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

/**
 * submitblock answers (BIP 22) that mean the node holds the block as valid: known already, or
 * valid but not (yet) known to be on the best chain. Its state on the chain is the tracker's to
 * follow, so a lookup that fails afterwards cannot lose it.
 */
const HELD_ANSWERS = new Set(['duplicate', 'inconclusive', 'duplicate-inconclusive']);

export class BlockSubmitter {
  /** Submissions not finished yet: a graceful stop waits for them (settled). */
  private readonly inFlight = new Set<Promise<FoundBlock>>();

  constructor(
    private readonly coin: 'btc' | 'ltc' | 'doge',
    private readonly rpc: RpcClient,
    private readonly sink: BlockEventSink,
    private readonly log: Logger,
    /**
     * Called with the `found` event of every block the node accepted, before the event is published
     * and the share answered: the tracker saves the block with its event and follows it.
     */
    private readonly onAccepted: (found: FoundEvent) => Promise<void>,
    private readonly now: () => number = () => Date.now(),
    /** Waits before each new getblockheader when the node did not answer (a busy or restarting node). */
    private readonly lookupBackoffMs: readonly number[] = [500, 1000, 2000],
    /**
     * Waits before each new submitblock while the node surely did not take it (rpc.ts isNotTaken:
     * restarting, its RPC work queue full, warming up): about 16 s in all. The block stays valid while
     * its previous block is the tip, and a second copy the node already holds answers "duplicate".
     */
    private readonly submitBackoffMs: readonly number[] = [250, 500, 1000, 2000, 4000, 8000],
  ) {}

  /** Submits, looks up, reports and follows a block; a stop waits for it (settled). */
  submit(job: BuiltJob, solved: SolvedHeader, submission: ShareSubmission): Promise<FoundBlock> {
    const run = this.submitOnce(job, solved, submission);
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run)).catch(() => undefined);
    return run;
  }

  /**
   * Resolves when every submission started has ended (their own time limits bound it): a process
   * stopping in the middle of one would leave a block the node took unreported to the pool and
   * unfollowed, its coins in the pool's wallet and no one paid.
   */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  private async submitOnce(job: BuiltJob, solved: SolvedHeader, submission: ShareSubmission): Promise<FoundBlock> {
    const hash = blockHash(solved.header);
    // What submitblock said: the node holds the block, refused it (its reason), or gave no answer.
    let held = false;
    let rejectReason: string | undefined;
    let unanswered = false;
    try {
      // null is success; a string is the node's reason ("duplicate", "high-hash", "bad-txnmrklroot"…).
      const result = await this.sendBlock(assembleBlock(job, solved).toString('hex'), hash);
      if (result === null || HELD_ANSWERS.has(result)) held = true;
      else rejectReason = result;
    } catch (err) {
      rejectReason = (err as Error).message;
      // Code 0 is a transport failure (timeout, reset, bad HTTP): the block may well be on the node.
      unanswered = !(err instanceof RpcError && err.code !== 0);
    }
    // A block the node holds counts even when it is off the main chain (the tracker reports it
    // orphaned then), so its answer is enough: no lookup before the share is answered. Otherwise the
    // node's own view decides: a block it holds on its main chain counts; so does one a submitblock
    // that timed out got there with, even off the main chain (-1: a rival block came meanwhile and
    // the race may still be won), as when the node answers "inconclusive"; the tracker follows it.
    let accepted = held;
    let unchecked = false;
    if (!held) {
      const lookup = await this.lookUp(hash);
      if ('confirmations' in lookup) {
        accepted = lookup.confirmations !== -1 || (unanswered && !(await this.markedInvalid(hash)));
        if (!accepted && unanswered) rejectReason = `the node holds the block as invalid after submitblock: ${rejectReason}`;
      }
      else if (unanswered && !lookup.notFound) {
        // Neither call was answered: the block may be in the chain paying the pool. Counted as found;
        // the tracker reports orphaned once a synced node says it does not know the block.
        accepted = true;
        unchecked = true;
      } else if (unanswered) rejectReason = `not on the node after submitblock: ${rejectReason}`;
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
      if (unchecked) this.log.warn('found block not confirmed by the node (unreachable): following it', { ...fields, reason: rejectReason });
      const found: FoundEvent = {
        type: 'found',
        coin: this.coin,
        height: job.height,
        hash,
        reward: baseUnitsToCoins(block.reward, coinBaseDecimals(this.coin)),
        account: submission.account,
        worker: submission.worker,
        difficulty: job.networkDifficulty,
        time: this.now(),
      };
      // Followed first, then published: the tracker keeps the event and a start publishes it again
      // while the block has no count yet, so a crash between the two loses neither (the pool ignores
      // a found block it knows). Published were the save to fail: the pool must learn of the block.
      await this.onAccepted(found).catch((err) => this.log.error('could not save a found block for tracking', { hash, error: (err as Error).message }));
      this.sink.publish(found);
    } else {
      this.log.error('block rejected by the node', { ...fields, reason: block.rejectReason });
    }
    return block;
  }

  /** submitblock, sent again after each back-off while the node surely did not take it. */
  private async sendBlock(hex: string, hash: string): Promise<string | null> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.rpc.call<string | null>('submitblock', [hex], { timeoutMs: 60_000 });
      } catch (err) {
        if (!isNotTaken(err) || attempt >= this.submitBackoffMs.length) throw err;
        this.log.warn('submitblock not taken by the node: sending it again', { coin: this.coin, hash, error: (err as Error).message });
        await sleep(this.submitBackoffMs[attempt]!);
      }
    }
  }

  /**
   * Whether the node marked the block invalid: its header is kept off the main chain (-1) then too,
   * and getchaintips lists it as an "invalid" tip (nothing builds on it). A node that cannot say is
   * taken to hold it as valid: the tracker reports it orphaned if it never joins the chain.
   */
  private async markedInvalid(hash: string): Promise<boolean> {
    try {
      const tips = await this.rpc.call<Array<{ hash: string; status: string }>>('getchaintips', [], { timeoutMs: 10_000 });
      return tips.some((tip) => tip.hash === hash && tip.status === 'invalid');
    } catch {
      return false;
    }
  }

  /** getblockheader, tried again after each back-off while the node does not answer; -5 is an answer. */
  private async lookUp(hash: string): Promise<{ confirmations: number } | { notFound: boolean }> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.rpc.call<{ confirmations: number }>('getblockheader', [hash], { timeoutMs: 10_000 });
      } catch (err) {
        const notFound = isBlockNotFound(err);
        if (notFound || attempt >= this.lookupBackoffMs.length) return { notFound };
        await sleep(this.lookupBackoffMs[attempt]!);
      }
    }
  }
}
