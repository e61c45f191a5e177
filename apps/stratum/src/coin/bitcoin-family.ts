// One bitcoin-family coin (btc, ltc, doge) as the protocol server sees it (CoinWork): jobs from the
// node's block templates, share checks, block submission and the block tracker.
//
// Templates: getblocktemplate with the rules the coin needs (segwit; mweb for Litecoin), a long
// poll on the template's longpollid (the node answers when the chain or the mempool moves), a
// cheap getbestblockhash poll every second in case the long poll is slow, and a refresh with new
// transactions every templateRefreshSeconds. A new previous block makes a clean job; older jobs
// then answer "stale". A refresh keeps the previous job (work in flight stays valid).
import { address } from 'bitcoinjs-lib';
import { COINS } from '@hashpool/shared';
import { difficultyOf, SCRYPT, SHA256D, targetFromBits, type PowAlgorithm } from './algorithm';
import { BlockTracker } from './block-tracker';
import { assembleBlock, buildJob, type BlockTemplate, type BuiltJob } from './job-builder';
import { NETWORKS } from './networks';
import { NodeRpc, RpcError } from './rpc';
import { ShareChecker } from './share-check';
import type { BitcoinFamilyOptions, BlockEventSink, CoinWork, Logger, ShareCheckResult, ShareSubmission, StratumJob } from './types';

const ALGORITHMS: Record<BitcoinFamilyOptions['coin'], PowAlgorithm> = { btc: SHA256D, ltc: SCRYPT, doge: SCRYPT };
/** Jobs kept: the current template's and the one before it. */
const JOBS_KEPT = 2;

export function createBitcoinFamilyWork(options: BitcoinFamilyOptions, sink: BlockEventSink, log: Logger): CoinWork {
  return new BitcoinFamilyWork(options, sink, log);
}

class BitcoinFamilyWork implements CoinWork {
  readonly coin: string;
  readonly poolUnitPerStratumDifficulty = 1;
  private readonly rpc: NodeRpc;
  private readonly algorithm: PowAlgorithm;
  private readonly checker: ShareChecker;
  private readonly tracker: BlockTracker;
  private readonly listeners: Array<(job: StratumJob) => void> = [];
  private jobs: BuiltJob[] = [];
  private nextJobId = 1;
  private payoutScript: Buffer = Buffer.alloc(0);
  private stopped = false;
  private timers: NodeJS.Timeout[] = [];
  private lastRefresh = 0;
  private refreshing: Promise<void> | undefined;

  constructor(
    private readonly o: BitcoinFamilyOptions,
    private readonly sink: BlockEventSink,
    private readonly log: Logger,
  ) {
    this.coin = o.coin;
    this.rpc = new NodeRpc(o.rpc.url, o.rpc.user, o.rpc.password);
    this.algorithm = ALGORITHMS[o.coin];
    this.checker = new ShareChecker(this.algorithm);
    const maturity = COINS.find((c) => c.code === o.coin)?.maturity ?? 100;
    this.tracker = new BlockTracker({ coin: o.coin, rpc: this.rpc, dataDir: o.dataDir, maturity, sink, log });
  }

  currentJob(): StratumJob | undefined {
    return this.jobs.at(-1);
  }

  onJob(listener: (job: StratumJob) => void): void {
    this.listeners.push(listener);
  }

  async start(): Promise<void> {
    // The coinbase pays this address: refuse to start on one the node does not accept for its network.
    let script: Buffer;
    try {
      script = address.toOutputScript(this.o.payoutAddress, NETWORKS[this.o.coin][this.o.network]);
    } catch {
      throw new Error(`${this.coin}: the payout address ${this.o.payoutAddress} is not a ${this.o.network} address of ${this.coin}`);
    }
    const checked = await this.rpc.call<{ isvalid: boolean }>('validateaddress', [this.o.payoutAddress]);
    if (!checked.isvalid) throw new Error(`${this.coin}: the node says the payout address ${this.o.payoutAddress} is not valid on its network`);
    this.payoutScript = script;
    await this.tracker.load();
    await this.refresh(true);
    this.timers.push(setInterval(() => void this.poll(), 1000));
    void this.longPoll();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    await this.refreshing;
  }

  async check(s: ShareSubmission): Promise<ShareCheckResult> {
    const job = this.jobs.find((j) => j.id === s.jobId);
    if (!job) return { ok: false, code: 21, reason: 'job not found (stale)' };
    const outcome = this.checker.check(job, s, Math.floor(Date.now() / 1000));
    if (!outcome.ok) return outcome;
    if (!outcome.block) return { ok: true, shareDifficulty: outcome.shareDifficulty };
    // A block: to the node before anything else.
    const hex = assembleBlock(job, outcome.block.header, outcome.block.coinbase);
    let rejectReason: string | undefined;
    try {
      const answer = await this.rpc.call<string | null>('submitblock', [hex], 30_000);
      if (answer !== null && answer !== 'duplicate') rejectReason = answer;
    } catch (error) {
      rejectReason = (error as Error).message;
    }
    const hash = outcome.block.hash;
    if (!rejectReason) {
      // Checked on the node: it must know the block now.
      await this.rpc.call('getblockheader', [hash]).catch((error: unknown) => (rejectReason = `not on the node after submitblock: ${(error as Error).message}`));
    }
    const accepted = rejectReason === undefined;
    const block = { coin: this.coin, height: job.height, hash, reward: BigInt(job.template.coinbasevalue), networkDifficulty: job.networkDifficulty, accepted, ...(rejectReason ? { rejectReason } : {}) };
    this.log.info(accepted ? 'block found and accepted' : 'block found but refused by the node', { coin: this.coin, height: job.height, hash, finder: `${s.account}.${s.worker}`, ...(rejectReason ? { reason: rejectReason } : {}) });
    if (accepted) {
      this.sink.publish({ type: 'found', coin: this.coin, height: job.height, hash, reward: coins(job.template.coinbasevalue), account: s.account, worker: s.worker, difficulty: job.networkDifficulty, time: Date.now() });
      this.tracker.follow(hash, job.height);
      void this.refresh(true); // our own block moved the chain
    }
    return { ok: true, shareDifficulty: outcome.shareDifficulty, block };
  }

  private async poll(): Promise<void> {
    if (this.stopped) return;
    try {
      const best = await this.rpc.call<string>('getbestblockhash');
      const current = this.jobs.at(-1);
      const refreshDue = Date.now() - this.lastRefresh > (this.o.templateRefreshSeconds ?? 30) * 1000;
      if (!current || best !== current.template.previousblockhash || refreshDue) await this.refresh(false);
      await this.tracker.check();
    } catch (error) {
      this.log.warn('node poll failed', { coin: this.coin, error: (error as Error).message });
    }
  }

  /** The node's long poll: answers when a new block or new transactions make a new template. */
  private async longPoll(): Promise<void> {
    while (!this.stopped) {
      const longpollid = this.jobs.at(-1)?.template.longpollid;
      if (!longpollid) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        continue;
      }
      try {
        await this.rpc.call('getblocktemplate', [{ rules: this.rules(), longpollid }], 120_000);
        if (!this.stopped) await this.refresh(false);
      } catch {
        if (!this.stopped) await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  private rules(): string[] {
    return this.o.coin === 'ltc' ? ['segwit', 'mweb'] : ['segwit'];
  }

  /** Fetches a template and makes a job of it; one at a time. */
  private refresh(force: boolean): Promise<void> {
    if (this.refreshing) return this.refreshing;
    this.refreshing = (async () => {
      try {
        const template = await this.rpc.call<BlockTemplate>('getblocktemplate', [{ rules: this.rules() }]);
        const previous = this.jobs.at(-1);
        const newBlock = !previous || previous.template.previousblockhash !== template.previousblockhash;
        if (!force && !newBlock && previous && previous.template.curtime === template.curtime && previous.template.transactions.length === template.transactions.length) return;
        this.lastRefresh = Date.now();
        const job = buildJob({
          id: (this.nextJobId++ % 0xffffffff).toString(16),
          template,
          payoutScript: this.payoutScript,
          tag: this.o.coinbaseTag,
          cleanJobs: newBlock,
          networkDifficulty: difficultyOf(this.algorithm, targetFromBits(template.bits)),
        });
        const dropped = newBlock ? this.jobs : this.jobs.slice(0, Math.max(0, this.jobs.length - (JOBS_KEPT - 1)));
        for (const j of dropped) this.checker.forget(j.id);
        this.jobs = newBlock ? [job] : [...this.jobs.slice(-(JOBS_KEPT - 1)), job];
        if (newBlock) this.sink.publish({ type: 'network', coin: this.coin, difficulty: job.networkDifficulty, height: template.height - 1, time: Date.now() });
        for (const listener of this.listeners) listener(job);
      } catch (error) {
        if (error instanceof RpcError) this.log.warn('getblocktemplate failed', { coin: this.coin, error: error.message });
        else throw error;
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }
}

/** Base units (1e-8) as a decimal coin amount: 5000000000 -> "50". */
function coins(baseUnits: number): string {
  const whole = BigInt(baseUnits) / 100_000_000n;
  const fraction = (BigInt(baseUnits) % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}
