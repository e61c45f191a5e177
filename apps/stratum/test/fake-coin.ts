// A CoinWork for the protocol server's tests: jobs on demand, and a check whose outcome the test
// steers through the nonce (the nonce read as a number is the share's difficulty; ffffffff is a block).
import type { CoinWork, ShareCheckResult, ShareSubmission, StratumJob } from '../src/coin/types.js';

export class FakeCoin implements CoinWork {
  readonly coin = 'ltc';
  readonly versionRollingMask = 0x1fffe000;
  readonly submissions: ShareSubmission[] = [];
  private readonly listeners: Array<(job: StratumJob) => void> = [];
  private readonly valid = new Set<string>();
  private readonly seen = new Set<string>();
  private job: StratumJob | undefined;
  private n = 0;
  blockAccepted = true;

  constructor(readonly poolUnitPerStratumDifficulty = 65536) {}

  currentJob(): StratumJob | undefined {
    return this.job;
  }

  onJob(listener: (job: StratumJob) => void): void {
    this.listeners.push(listener);
  }

  /** Publishes a new job; clean drops every older job (they answer stale). */
  newJob(clean = true): StratumJob {
    this.n += 1;
    if (clean) this.valid.clear();
    const job: StratumJob = {
      id: this.n.toString(16),
      prevHash: '00'.repeat(32),
      coinbase1: '01000000',
      coinbase2: 'ffffffff',
      merkleBranch: [],
      version: '20000000',
      nbits: '1d00ffff',
      ntime: '5f5e1000',
      cleanJobs: clean,
      height: 100 + this.n,
      networkDifficulty: 1e9,
    };
    this.valid.add(job.id);
    this.job = job;
    for (const l of this.listeners) l(job);
    return job;
  }

  async check(s: ShareSubmission): Promise<ShareCheckResult> {
    this.submissions.push(s);
    if (!this.valid.has(s.jobId)) return { ok: false, code: 21, reason: 'job not found' };
    const key = `${s.jobId}:${s.extranonce1}:${s.extranonce2}:${s.ntime}:${s.nonce}:${s.versionBits ?? ''}`;
    if (this.seen.has(key)) return { ok: false, code: 22, reason: 'duplicate share' };
    this.seen.add(key);
    const shareDifficulty = parseInt(s.nonce, 16);
    if (shareDifficulty < s.difficulty) {
      // As the real check: a lowered difficulty announced after the job was sent is met instead.
      if (s.lowered !== undefined && s.lowered < s.difficulty && shareDifficulty >= s.lowered) return { ok: true, shareDifficulty, creditedAt: s.lowered };
      return { ok: false, code: 23, reason: 'low difficulty share' };
    }
    if (s.nonce === 'ffffffff') {
      return {
        ok: true,
        shareDifficulty,
        block: { coin: this.coin, height: this.job!.height, hash: 'ab'.repeat(32), reward: 625000000n, networkDifficulty: 1e9, accepted: this.blockAccepted },
      };
    }
    return { ok: true, shareDifficulty };
  }

  /** Times refreshWork() was called. */
  refreshes = 0;

  refreshWork(): void {
    this.refreshes += 1;
  }

  async start(): Promise<void> {}
  async stop(): Promise<void> {}
}
