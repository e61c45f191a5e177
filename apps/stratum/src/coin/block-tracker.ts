// Follows every block this process found until the coin's maturity: a `confirmations` event each
// time the count grows, `orphaned` once the node, synced and a few blocks past it, holds the block
// off its main chain (confirmations -1) or does not know it at all. Also sends a `network` event at
// every new block.
// The pending list lives in dataDir as JSON (written to a temporary file, then renamed, so a crash
// never leaves half a file), so a restarted process keeps following what it found.
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { coinMaturity } from '@hashpool/shared';
import { nodeDifficultyToPoolUnit, type PowAlgorithm } from './algorithm';
import { fsyncDir } from '../outbox/durable-queue';
import { isBlockNotFound, type RpcClient } from './rpc';
import type { BlockEventSink, FoundEvent, Logger } from './types';

interface PendingBlock {
  hash: string;
  height: number;
  /** The last count sent to the pool (-1 before the first). */
  confirmations: number;
  /**
   * The `found` event, saved before it is published: a start publishes it again while no count was
   * sent (the pool ignores a found block it knows), so a crash between the two cannot leave the pool
   * without the block, or with a block no one follows. Absent in states of earlier versions.
   */
  found?: FoundEvent;
}

interface TrackerState {
  version: 1;
  pending: PendingBlock[];
}

/** Blocks a synced node must be past a found block off its main chain or unknown to it before the block counts as orphaned. */
export const ORPHAN_DEPTH = 3;

export class BlockTracker {
  private pending: PendingBlock[] = [];
  private readonly file: string;
  private readonly maturity: number;
  private lastNetworkHash: string | undefined;
  // Polls run one at a time: a slow node must not get overlapping rounds that send counts twice.
  private running: Promise<void> = Promise.resolve();
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly coin: 'btc' | 'ltc' | 'doge',
    private readonly algorithm: PowAlgorithm,
    private readonly rpc: RpcClient,
    private readonly sink: BlockEventSink,
    private readonly log: Logger,
    dataDir: string,
  ) {
    this.file = join(dataDir, `blocks-${coin}.json`);
    this.maturity = coinMaturity(coin);
  }

  /**
   * Reads the pending blocks; then takes over those of `adoptFrom` (the coin data directories of
   * processes the instance no longer runs, after `processes` was lowered), so a block they found is
   * still followed to maturity. Their file is renamed `.adopted-<time>` once ours holds its blocks
   * (a crash in between adopts them again: a block is followed once, by its hash).
   */
  async load(adoptFrom: string[] = []): Promise<void> {
    await this.loadOwn();
    for (const dir of adoptFrom) await this.adopt(join(dir, basename(this.file)));
    for (const block of this.pending) if (block.found && block.confirmations === -1) this.sink.publish(block.found);
  }

  private async adopt(file: string): Promise<void> {
    let theirs: PendingBlock[];
    try {
      const state = JSON.parse(await readFile(file, 'utf8')) as TrackerState;
      theirs = Array.isArray(state.pending) ? state.pending : [];
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') this.log.error('block tracker state of a removed process unreadable: left where it is', { file, error: (err as Error).message });
      return;
    }
    const added = theirs.filter((b) => !this.pending.some((p) => p.hash === b.hash));
    if (added.length) {
      this.pending.push(...added);
      await this.save();
    }
    await rename(file, `${file}.adopted-${Date.now()}`);
    // The rename on disk too: after a power loss the blocks would be adopted again (harmless: the
    // pool ignores counts it has, but the events would go out twice).
    await fsyncDir(dirname(file));
    this.log.info('following the pending blocks of a removed process', { coin: this.coin, file, blocks: added.length });
  }

  private async loadOwn(): Promise<void> {
    await mkdir(join(this.file, '..'), { recursive: true });
    try {
      const state = JSON.parse(await readFile(this.file, 'utf8')) as TrackerState;
      this.pending = Array.isArray(state.pending) ? state.pending : [];
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
        // Kept aside, not overwritten by the next save: its blocks can still be read off it (and
        // reported to the pool by hand) while new ones are followed.
        const aside = `${this.file}.unreadable-${Date.now()}`;
        await rename(this.file, aside).catch(() => undefined);
        this.log.error('block tracker state unreadable: kept aside, starting empty; its pending blocks are no longer followed', { file: aside, error: (err as Error).message });
      }
      this.pending = [];
    }
  }

  pendingBlocks(): readonly PendingBlock[] {
    return this.pending;
  }

  /**
   * A block the node accepted, with its `found` event: followed from now on (saved before returning).
   * Not queued behind a poll, whose node calls can take minutes on a slow node: the event is
   * published only once this returns, and a crash meanwhile would lose the block.
   */
  async track(found: FoundEvent): Promise<void> {
    if (this.pending.some((b) => b.hash === found.hash)) return;
    this.pending.push({ hash: found.hash, height: found.height, confirmations: -1, found });
    await this.save();
  }

  /** Called at start and at every new best block (a failed poll is tried again at the next one): sends the network point and updates pending blocks. */
  poll(): Promise<void> {
    return this.serial(() => this.pollOnce());
  }

  private async pollOnce(): Promise<void> {
    const best = await this.rpc.call<string>('getbestblockhash');
    if (best !== this.lastNetworkHash) {
      const tip = await this.rpc.call<{ height: number; time: number; difficulty: number }>('getblockheader', [best]);
      this.sink.publish({
        type: 'network',
        coin: this.coin,
        difficulty: nodeDifficultyToPoolUnit(this.algorithm, tip.difficulty),
        height: tip.height,
        time: tip.time * 1000,
      });
      this.lastNetworkHash = best;
    }
    let changed = false;
    let chain: { initialblockdownload: boolean; blocks: number } | undefined;
    for (const block of [...this.pending]) {
      let confirmations: number | undefined;
      try {
        confirmations = (await this.rpc.call<{ confirmations: number }>('getblockheader', [block.hash])).confirmations;
      } catch (err) {
        if (!isBlockNotFound(err)) {
          // One failed lookup must not hold up the other blocks until the next new block: this one
          // is asked again at the next poll.
          this.log.warn('found block lookup failed: tried again at the next poll', { coin: this.coin, hash: block.hash, error: (err as Error).message });
          continue;
        }
      }
      if (confirmations === undefined || confirmations < 0) {
        // Off the main chain (-1), a block can come back while the branch that beat it is shallow:
        // a fork race our branch wins later. Unknown to the node, it may be in the chain all the
        // same: the node is reindexing, resyncing or was replaced. Either is believed orphaned only
        // once a synced node is ORPHAN_DEPTH blocks past it; until then it is followed.
        chain ??= await this.rpc.call<{ initialblockdownload: boolean; blocks: number }>('getblockchaininfo');
        if (chain.initialblockdownload || chain.blocks < block.height + ORPHAN_DEPTH) {
          const fields = { coin: this.coin, height: block.height, hash: block.hash, nodeHeight: chain.blocks, initialBlockDownload: chain.initialblockdownload };
          if (confirmations === undefined) this.log.warn('found block unknown to the node, which is not synced past it: still following', fields);
          else this.log.info('found block off the main chain, not yet deep: still following', fields);
          continue;
        }
        this.sink.publish({ type: 'orphaned', coin: this.coin, hash: block.hash });
        this.log.warn('block orphaned', { coin: this.coin, height: block.height, hash: block.hash });
        this.pending = this.pending.filter((b) => b !== block);
        changed = true;
        continue;
      }
      if (confirmations > block.confirmations) {
        // The found event first while the block has no count: the submitter publishes it only once
        // the block is saved here, and a poll in between (our own block moved the tip) would send a
        // count the pool cannot place, then drop the event. The pool ignores a found block it knows.
        if (block.found) this.sink.publish(block.found);
        this.sink.publish({ type: 'confirmations', coin: this.coin, hash: block.hash, confirmations });
        block.confirmations = confirmations;
        delete block.found;
        changed = true;
      }
      if (confirmations >= this.maturity) {
        this.log.info('block matured', { coin: this.coin, height: block.height, hash: block.hash, confirmations });
        this.pending = this.pending.filter((b) => b !== block);
        changed = true;
      }
    }
    if (changed) await this.save();
  }

  private serial(task: () => Promise<void>): Promise<void> {
    const next = this.running.then(task, task);
    this.running = next.catch(() => undefined);
    return next;
  }

  /** Writes the state; one write at a time (a poll's and a new block's share the temporary file). */
  private save(): Promise<void> {
    const next = this.saving.then(
      () => this.writeState(),
      () => this.writeState(),
    );
    this.saving = next.catch(() => undefined);
    return next;
  }

  private async writeState(): Promise<void> {
    const state: TrackerState = { version: 1, pending: this.pending };
    const tmp = `${this.file}.${process.pid}.tmp`;
    // On disk before the rename, and the rename on disk after it: a power loss (not only a crash)
    // leaves the old state or the new one, never an empty file.
    const file = await open(tmp, 'w');
    try {
      await file.writeFile(JSON.stringify(state));
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(tmp, this.file);
    await fsyncDir(dirname(this.file));
  }
}
