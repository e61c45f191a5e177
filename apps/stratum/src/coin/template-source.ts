// Where block templates come from. Four triggers, each a fallback for the others:
// - a long poll (BIP 22 longpollid): the node answers when its tip changes (or, after a while,
//   when its mempool did), so new blocks arrive in milliseconds;
// - ZMQ hashblock, when the operator configures it (the node must be built with ZMQ);
// - a cheap getbestblockhash every second, should the long poll hang behind a proxy;
// - a refresh every templateRefreshSeconds so new transactions (fees) get into the work.
// A template on a new previous block is announced with newBlock = true (the job gets cleanJobs).
//
// Work the node no longer vouches for is dropped (onStale): when its tip has moved and it gives no
// template (restarting, warming up, syncing, without peers), or when it has not confirmed the
// work's block for staleAfterMs (unreachable). Shares on that work are then answered stale instead
// of being credited for hashes no block can come of; the next template starts clean work.
import { setTimeout as sleep } from 'node:timers/promises';
import type { RpcClient } from './rpc';
import type { BlockTemplate } from './template';
import type { Logger } from './types';

export interface TemplateSourceOptions {
  coin: 'btc' | 'ltc' | 'doge';
  refreshSeconds: number;
  bestHashPollMs?: number;
  zmqHashblock?: string;
  /** False: no long poll (another process of the group long-polls and tells this one). */
  longPoll?: boolean;
  /** Waits after a long poll that answered or failed at once: the first (also the "at once" limit) and the longest. Default 1 s and 30 s. */
  longPollBackoffMs?: { min: number; max: number };
  /** How long the work may go without the node confirming its block before it is dropped. Default 60 s. */
  staleAfterMs?: number;
}

export type TemplateListener = (template: BlockTemplate, newBlock: boolean) => void;

/** The getblocktemplate rules: segwit always; Litecoin 0.21+ also takes mweb (and needs it after activation). */
export function templateRules(coin: 'btc' | 'ltc' | 'doge'): string[] {
  return coin === 'ltc' ? ['segwit', 'mweb'] : ['segwit'];
}

export class TemplateSource {
  private current: BlockTemplate | undefined;
  private currentAt: number | undefined;
  private readonly listeners: TemplateListener[] = [];
  private readonly abort = new AbortController();
  private readonly timers: NodeJS.Timeout[] = [];
  private stopped = false;
  private fetching: Promise<void> | undefined;
  /** A fetch asked for while one was under way: it may have started before a new block, so one more follows. */
  private fetchAgain: Promise<void> | undefined;
  /** When the node last said the current work builds on its best block (a template, or its best hash). */
  private confirmedAt = 0;
  /** The current work was dropped (onStale) and no template has come since. */
  private stale = false;
  private readonly staleListeners: Array<() => void> = [];
  /** A best-hash check waiting for the node: the next tick skips (a slow node got up to 5 at once per process). */
  private checking = false;
  private zmqSocket: { close(): void } | undefined;

  constructor(
    private readonly rpc: RpcClient,
    private readonly options: TemplateSourceOptions,
    private readonly log: Logger,
  ) {}

  onTemplate(listener: TemplateListener): void {
    this.listeners.push(listener);
  }

  latest(): BlockTemplate | undefined {
    return this.current;
  }

  /** Called when the current work is dropped as stale (see the top of this file). */
  onStale(listener: () => void): void {
    this.staleListeners.push(listener);
  }

  /** When (Date.now()) the node last gave a template that was taken, the same as before or not. */
  latestAt(): number | undefined {
    return this.currentAt;
  }

  /** Resolves after the first template; keeps trying (with a warning) while the node is not ready. */
  async start(): Promise<void> {
    for (;;) {
      try {
        await this.refresh();
        break;
      } catch (err) {
        if (this.stopped) return;
        this.log.warn('no block template yet: retrying', { coin: this.options.coin, error: (err as Error).message });
        await sleep(2000);
      }
    }
    if (this.options.longPoll !== false) void this.longPollLoop();
    this.timers.push(setInterval(() => void this.refresh().catch((err) => this.warn('template refresh failed', err)), this.options.refreshSeconds * 1000));
    this.timers.push(setInterval(() => void this.checkBestHash(), this.options.bestHashPollMs ?? 1000));
    if (this.options.zmqHashblock) await this.subscribeZmq(this.options.zmqHashblock);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    for (const t of this.timers) clearInterval(t);
    this.zmqSocket?.close();
  }

  /**
   * Fetches a template now, one fetch at a time. A trigger during a fetch (a new block seen by ZMQ,
   * the best-hash check or another process) is not answered by it, as it may have been asked before
   * that block: all such triggers share one more fetch after it.
   */
  refresh(): Promise<void> {
    if (this.fetching) {
      this.fetchAgain ??= this.fetching
        .catch(() => undefined)
        .then(() => {
          this.fetchAgain = undefined;
          return this.refresh();
        });
      return this.fetchAgain;
    }
    this.fetching = this.fetch({}).finally(() => {
      this.fetching = undefined;
    });
    return this.fetching;
  }

  private async fetch(extra: { longpollid?: string }, timeoutMs = 30_000): Promise<void> {
    const template = await this.rpc.call<BlockTemplate>('getblocktemplate', [{ rules: templateRules(this.options.coin), ...extra }], {
      timeoutMs,
      signal: this.abort.signal,
    });
    await this.accept(template);
  }

  private async accept(template: BlockTemplate): Promise<void> {
    if (this.stopped) return;
    const previous = this.current;
    if (previous && template.height < previous.height) {
      // A slow answer must not replace a newer template with an older one; but a reorg onto a chain
      // with more work and fewer blocks (testnet's minimum-difficulty rule) lowers the height too:
      // such a template builds on the node's best block.
      const best = await this.rpc.call<string>('getbestblockhash', [], { timeoutMs: 5000, signal: this.abort.signal });
      if (best !== template.previousblockhash || this.stopped || this.current !== previous) return;
    }
    // After stale work was dropped, the next job starts clean even on the same block: miners are
    // told to drop what they hold.
    const newBlock = !previous || this.stale || previous.previousblockhash !== template.previousblockhash;
    if (this.stale) this.log.warn('the node gives block templates again: mining resumes', { coin: this.options.coin, height: template.height });
    this.stale = false;
    this.current = template;
    this.currentAt = Date.now();
    this.confirmedAt = this.currentAt;
    if (newBlock) this.log.info('new block to mine on', { coin: this.options.coin, height: template.height, prev: template.previousblockhash });
    for (const listener of this.listeners) listener(template, newBlock);
  }

  private async longPollLoop(): Promise<void> {
    const { min, max } = this.options.longPollBackoffMs ?? { min: 1000, max: 30_000 };
    const backoff = new LongPollBackoff(min, max);
    while (!this.stopped) {
      const longpollid = this.current?.longpollid;
      if (!longpollid) return; // a node without long polling: the 1 s poll does the work
      const started = Date.now();
      let failed = false;
      try {
        await this.fetch({ longpollid }, 0);
      } catch (err) {
        if (this.stopped) return;
        this.warn('long poll failed', err);
        failed = true;
      }
      const wait = backoff.after(Date.now() - started, failed);
      if (wait > 0) await sleep(wait, undefined, { signal: this.abort.signal }).catch(() => undefined);
    }
  }

  private async checkBestHash(): Promise<void> {
    if (this.stopped) return;
    // Before the skips below: a node whose calls hang confirms nothing either.
    if (this.current && Date.now() - this.confirmedAt > (this.options.staleAfterMs ?? 60_000)) {
      this.dropWork('the node has not confirmed the block being mined on');
    }
    if (this.fetching || this.checking) return;
    this.checking = true;
    // The work the node is asked about: a long poll may bring newer work while the question is out,
    // and the answer (the tip before it) says nothing against that.
    const asked = this.current;
    try {
      const best = await this.rpc.call<string>('getbestblockhash', [], { timeoutMs: 5000, signal: this.abort.signal });
      if (!asked || this.current !== asked) return;
      if (this.stale || best !== asked.previousblockhash) {
        try {
          await this.refresh();
        } catch (err) {
          // The chain has moved on and the work is on a dead block: not one share of it can count.
          // (Work already dropped is asked for again every tick, so that mining resumes at once.)
          if (!this.stopped && this.current === asked && best !== asked.previousblockhash) this.dropWork('the node has a new block but gives no template for it', err);
          throw err;
        }
      } else this.confirmedAt = Date.now();
    } catch (err) {
      if (!this.stopped) this.warn('getbestblockhash failed', err);
    } finally {
      this.checking = false;
    }
  }

  /** Drops the current work (once until the next template): its shares answer stale meanwhile. */
  private dropWork(reason: string, err?: unknown): void {
    if (this.stale) return;
    this.stale = true;
    this.log.error('no valid work for miners: shares are answered stale until the node gives a template', {
      coin: this.options.coin,
      reason,
      ...(err ? { error: (err as Error).message } : {}),
    });
    for (const listener of this.staleListeners) listener();
  }

  private async subscribeZmq(endpoint: string): Promise<void> {
    try {
      const { Subscriber } = await import('zeromq');
      const socket = new Subscriber();
      socket.connect(endpoint);
      socket.subscribe('hashblock');
      this.zmqSocket = socket;
      void (async () => {
        try {
          for await (const _message of socket) {
            if (this.stopped) break;
            await this.refresh().catch((err) => this.warn('template refresh after hashblock failed', err));
          }
        } catch (err) {
          if (!this.stopped) this.warn('zmq hashblock subscription ended', err);
        }
      })();
      this.log.info('listening for new blocks over ZMQ', { coin: this.options.coin, endpoint });
    } catch (err) {
      this.warn('zmq hashblock unavailable: long polling only', err);
    }
  }

  private warn(message: string, err: unknown): void {
    this.log.warn(message, { coin: this.options.coin, error: (err as Error).message });
  }
}

/**
 * The wait after each long poll. A node or proxy that ignores longpollid (or fails at once) answers
 * at once again and again: the loop would hammer it. After such an answer (quicker than min) the
 * loop waits, twice as long each time up to max; a poll that did wait resets that (and is followed
 * by no wait, or by min after a failure). Nothing is missed meanwhile: the 1 s best-hash check and
 * ZMQ still see new blocks.
 */
export class LongPollBackoff {
  private next: number;

  constructor(
    private readonly min: number,
    private readonly max: number,
  ) {
    this.next = min;
  }

  /** The wait (ms) after a long poll that took elapsedMs and failed or not. */
  after(elapsedMs: number, failed: boolean): number {
    if (elapsedMs < this.min) {
      const wait = this.next;
      this.next = Math.min(this.next * 2, this.max);
      return wait;
    }
    this.next = this.min;
    return failed ? this.min : 0;
  }
}
