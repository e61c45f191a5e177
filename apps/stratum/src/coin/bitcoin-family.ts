// One bitcoin-family coin (btc, ltc, doge) as a CoinWork: templates → jobs → share checks → blocks
// → tracking. The protocol server sees only the CoinWork interface (types.ts).
import { algorithmForCoin } from './algorithm';
import { BlockSubmitter } from './block-submitter';
import { BlockTracker } from './block-tracker';
import { JobBuilder, JobStore, payoutScriptFor, type BuiltJob } from './job-builder';
import { addressNetwork } from './networks';
import { setTimeout as sleep } from 'node:timers/promises';
import { RpcClient, RpcError } from './rpc';
import { ShareChecker } from './share-check';
import { TemplateSource } from './template-source';
import type { BitcoinFamilyOptions, BlockEventSink, CoinHooks, CoinWork, Logger, ShareCheckResult, ShareSubmission, StratumJob } from './types';

export class PayoutAddressError extends Error {
  override name = 'PayoutAddressError';
}

/** The public part of a job: what mining.notify needs, without the template behind it. */
export function publicJob(job: BuiltJob): StratumJob {
  return {
    id: job.id,
    prevHash: job.prevHash,
    coinbase1: job.coinbase1,
    coinbase2: job.coinbase2,
    merkleBranch: job.merkleBranch,
    version: job.version,
    nbits: job.nbits,
    ntime: job.ntime,
    cleanJobs: job.cleanJobs,
    height: job.height,
    networkDifficulty: job.networkDifficulty,
  };
}

export interface BitcoinFamilyWork extends CoinWork {
  /** The full job (template included), for tests and tools. */
  currentBuiltJob(): BuiltJob | undefined;
  readonly tracker: BlockTracker;
  readonly rpc: RpcClient;
  templateAgeSeconds(): number;
}

/**
 * BIP 310 version rolling: the bits a miner may change. Bitcoin and Litecoin: 0x1fffe000, BIP 320's
 * general-purpose bits 13 to 28. Dogecoin reads bits 16 and up as its AuxPoW chain id (0x62 in
 * `nVersion >> 16`) and refuses a block with another (CheckAuxPowProofOfWork): there only bits 13 to
 * 15 roll, or a block found with a rolled high bit, its shares accepted, would be refused by the node.
 */
export function versionRollingMask(coin: BitcoinFamilyOptions['coin']): number {
  return coin === 'doge' ? 0x0000e000 : 0x1fffe000;
}

export function createBitcoinFamilyWork(options: BitcoinFamilyOptions, sink: BlockEventSink, log: Logger, hooks: CoinHooks = {}): BitcoinFamilyWork {
  const algorithm = algorithmForCoin(options.coin);
  const rpc = new RpcClient(options.rpc, { onError: (method, err) => hooks.rpcError?.(method, err) });
  const network = addressNetwork(options.coin, options.network);
  const jobs = new JobStore();
  const tracker = new BlockTracker(options.coin, algorithm, rpc, sink, log, options.dataDir);
  const submitter = new BlockSubmitter(options.coin, rpc, sink, log, (found) => tracker.track(found));
  const templates = new TemplateSource(
    rpc,
    { coin: options.coin, refreshSeconds: options.templateRefreshSeconds ?? 30, zmqHashblock: options.zmqHashblock, longPoll: options.longPoll ?? true },
    log,
  );
  const listeners: ((job: StratumJob) => void)[] = [];
  const createdAt = Date.now();
  let builder: JobBuilder | undefined;
  let stopped = false;
  let checker: ShareChecker | undefined;

  templates.onTemplate((template, newBlock) => {
    if (!builder) return;
    const job = builder.build(template, newBlock);
    jobs.add(job);
    const announced = publicJob(job);
    for (const listener of listeners) listener(announced);
    if (newBlock) void tracker.poll().catch((err) => log.warn('block tracker poll failed', { coin: options.coin, error: (err as Error).message }));
  });
  // Work on a block the node no longer vouches for: its shares answer stale, new miners get no job.
  templates.onStale(() => jobs.clear());

  return {
    coin: options.coin,
    poolUnitPerStratumDifficulty: algorithm.poolUnitPerStratumDifficulty,
    versionRollingMask: versionRollingMask(options.coin),
    rpc,
    tracker,
    currentJob: () => {
      const job = jobs.latest();
      return job && publicJob(job);
    },
    currentBuiltJob: () => jobs.latest(),
    // Before the first template, the time since this coin's work was set up: a coin whose node never
    // answered after a restart has the stalest work of all, and its gauge must say so (an absent
    // series fires no "> 90 s" alert).
    templateAgeSeconds: () => (Date.now() - (templates.latestAt() ?? createdAt)) / 1000,
    onJob: (listener) => {
      listeners.push(listener);
    },
    refreshWork: () => {
      if (builder && !stopped) void templates.refresh().catch((err) => log.warn('template refresh failed', { coin: options.coin, error: (err as Error).message }));
    },
    check: (submission: ShareSubmission): Promise<ShareCheckResult> => {
      if (!checker) return Promise.resolve({ ok: false, code: 21, reason: 'no job yet' });
      return checker.check(submission);
    },
    async start() {
      // Refuse to mine for an address the pool cannot spend from: the node says whether it is valid
      // on its chain, bitcoinjs-lib with our network parameters must agree on the script.
      const checked = await validatePayoutAddress();
      if (!checked) return; // stopped while the node was not ready
      if (!checked.isvalid) {
        throw new PayoutAddressError(
          `payoutAddress ${options.payoutAddress} is not a valid ${options.coin} ${options.network} address for the node at ${rpc.url}` +
            (checked.error ? `: ${checked.error}` : ''),
        );
      }
      let payoutScript: Buffer;
      try {
        payoutScript = payoutScriptFor(options.payoutAddress, network);
      } catch (err) {
        throw new PayoutAddressError(`payoutAddress ${options.payoutAddress} does not belong to ${options.coin} ${options.network}: ${(err as Error).message}`);
      }
      if (checked.scriptPubKey && checked.scriptPubKey !== payoutScript.toString('hex')) {
        throw new PayoutAddressError(`payoutAddress ${options.payoutAddress}: the node's script differs from ours (wrong network configured?)`);
      }
      builder = new JobBuilder(algorithm, payoutScript, options.coinbaseTag);
      checker = new ShareChecker(algorithm, jobs, (job, solved, submission) => submitter.submit(job, solved, submission));
      await tracker.load(options.adoptTrackersFrom);
      await templates.start();
      await tracker.poll().catch((err) => log.warn('block tracker poll failed', { coin: options.coin, error: (err as Error).message }));
    },
    async stop() {
      stopped = true;
      // Blocks being submitted are reported before the outboxes close (main.ts stops coins first).
      await submitter.settled();
      await templates.stop();
    },
  };

  /**
   * validateaddress, asked again every 2 s while the node gives no answer of its own (down or
   * warming up: a machine rebooting starts the node and the stratum together), as the first
   * template is; the node's answer, valid or not, is final. Undefined when stopped meanwhile.
   */
  async function validatePayoutAddress(): Promise<{ isvalid: boolean; scriptPubKey?: string; error?: string } | undefined> {
    for (;;) {
      try {
        return await rpc.call<{ isvalid: boolean; scriptPubKey?: string; error?: string }>('validateaddress', [options.payoutAddress]);
      } catch (err) {
        if (!(err instanceof RpcError && (err.code === 0 || err.code === -28))) throw err;
        if (stopped) return undefined;
        log.warn('node not ready to check the payout address: retrying', { coin: options.coin, error: err.message });
        await sleep(2000);
        if (stopped) return undefined;
      }
    }
  }
}
