// One miner connection speaking Stratum V1 (newline-delimited JSON-RPC). Lines are handled in order;
// a submission's check and an authorize's pool lookup run in the background (answers carry the
// request id, so they may overtake each other), and a share is written to the outbox before its
// answer leaves. Only the submissions of a worker whose authorize is still being looked up wait for
// it: a proxy's other workers on the connection go on mining meanwhile.
import type { Socket } from 'node:net';
import { EXTRANONCE2_SIZE, type CoinWork, type Logger, type ShareCheckResult, type ShareSubmission, type StratumJob } from '../coin/types.js';
import type { PortConfig } from '../config.js';
import { STALE_JOB } from '../coin/share-check.js';
import type { PoolShare } from '../outbox/pool-outboxes.js';
import type { AccountAnswer } from './account-lookup.js';
import { StratumError, stratumError, type StratumErrorCode } from './errors.js';
import { InvalidShareWindow, ipGroup } from './ip-guard.js';
import { LineSplitter } from './line-splitter.js';
import { parseProxyV1, readProxyV2 } from './proxy-protocol.js';
import { Vardiff, type VardiffSettings } from './vardiff.js';
import type { SessionMemory } from './extranonce-pool.js';

export const MAX_LINE_BYTES = 16 * 1024;
const MAX_WORKERS_PER_CONNECTION = 64;
const MAX_PENDING = 64;
/**
 * Pool lookups of new sub-account names one connection has in flight; its further authorizes wait
 * for a free one. Without it a connection had 64 at once, and an IP's 256 connections thousands,
 * before the first refusal came back to count towards the ban.
 */
const MAX_LOOKUPS = 4;
const MAX_JOBS_REMEMBERED = 16;
/** Stale submissions remembered per connection to refuse repeats (about 100 bytes each). */
const STALE_SEEN_MAX = 256;
/**
 * How long after the connection's last new job a stale share of a job it was sent is bad luck (its
 * shares in flight across the change, a proxy's burst at a new block). Later ones count towards
 * the ban: a stale share is not hashed, so without this made-up ones of an old job cost nothing to
 * send and a share record each, without end. Jobs change every block and template refresh (30 s).
 */
const STALE_GRACE_MS = 10_000;
/**
 * Within that grace, only the jobs the last change made stale are excused: the server keeps the
 * current and previous job, so the last three sent (the current one, sent again on a clean start,
 * and the two before), and at most STALE_EXCUSED_MAX shares of them per change; older job ids the
 * connection remembers, or a flood, count.
 */
const STALE_RECENT_JOBS = 3;
const STALE_EXCUSED_MAX = 1024;
/**
 * Unread answers a peer may leave us holding before it is closed: a job notice is 1 to 2 KB, so
 * this is dozens of jobs; with 256 connections per IP, 16 MB per address at worst, not 128 MB.
 */
const MAX_WRITE_BACKLOG = 64 * 1024;

const KNOWN_METHODS = new Set([
  'mining.subscribe',
  'mining.authorize',
  'mining.configure',
  'mining.suggest_difficulty',
  'mining.extranonce.subscribe',
  'mining.submit',
  'mining.get_transactions',
  'mining.multi_version',
]);

const HEX8 = /^[0-9a-fA-F]{8}$/;
/** BIP 310's version bits: hex of up to 32 bits; some firmware leaves out the leading zeros. */
const VERSION_BITS = /^[0-9a-fA-F]{1,8}$/;
const EXTRANONCE2 = new RegExp(`^[0-9a-fA-F]{${EXTRANONCE2_SIZE * 2}}$`);
const ACCOUNT = /^[A-Za-z0-9]{4,30}$/;
const WORKER = /^[0-9a-z]{1,64}$/;

export type ShareResult = PoolShare['result'];

/** What a session needs from its server. */
export interface SessionContext {
  coin: CoinWork;
  port: PortConfig;
  vardiff: VardiffSettings;
  invalidShares: { windowSeconds: number; threshold: number; banSeconds: number };
  proxyProtocol: boolean;
  /** An extranonce1 (with what the connection resumed was sent, when it is one); undefined: none free. */
  allocateExtranonce(resume?: string): { extranonce1: string; memory?: SessionMemory } | undefined;
  /** Frees the extranonce1, keeping what the connection was sent for a miner that resumes it. */
  releaseExtranonce(extranonce1: string, memory?: SessionMemory): void;
  /** Takes the IP's connection slot (false: banned or over its limit). */
  admit(ip: string): boolean;
  ban(ip: string, seconds: number): void;
  /** The invalid shares of the IP's closed connections still in the window (taken: given once). */
  pastInvalid(ip: string): readonly number[];
  checkAccount(name: string): Promise<AccountAnswer>;
  recordShare(share: PoolShare): Promise<void>;
  /** Every answered submission: its recorded result, or `invalid` when refused before its check. */
  onShare(result: ShareResult | 'invalid', stratumDifficulty: number): void;
  onBlock(session: Session, result: Extract<ShareCheckResult, { ok: true }>, account: string, worker: string): void;
  onDifficulty(): void;
  log: Logger;
  now(): number;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
interface Request {
  id: Json;
  method: string;
  params: unknown[];
}

export class Session {
  ip: string;
  admitted = false;
  closed = false;
  extranonce1: string | undefined;
  subscribed = false;
  difficulty: number;
  versionMask = 0;
  readonly connectedAt: number;
  lastActivity: number;
  userAgent = '';
  /** The workers authorized on this connection, by their user name in lower case. */
  private readonly workers = new Map<string, { account: string; worker: string }>();
  /**
   * The difficulty each job id was sent at, fixed for good at its first notify: a share of that job
   * is checked and credited at that one value. A difficulty change (vardiff, suggest_difficulty,
   * minimum-difficulty) waits for the next job. When one job could carry several difficulties (the
   * current job re-sent after each change), a miner could pick per share the highest difficulty it
   * met: a miner asking for 1, then 65,536, then 1 again, mining at 1, had every share over 65,536
   * credited at 65,536, twice its work, and more with more levels.
   */
  private readonly jobDifficulty = new Map<string, number>();
  /** The last job ids this connection was sent (not cleared by a new block): a stale share names one. */
  private readonly sentJobs = new Set<string>();
  /** When this connection was last sent a job it had not been sent (STALE_GRACE_MS counts from it). */
  private lastNewJobAt = 0;
  /** Stale shares excused since then (STALE_EXCUSED_MAX). */
  private staleExcused = 0;
  /**
   * The stale submissions of this connection (job, extranonce2, ntime, nonce, version), so that the
   * same one sent again is a duplicate, counted towards the ban: a stale share is not checked nor
   * banned, and one line resent over and over cost a synced outbox write and a share record each.
   * Forgotten past STALE_SEEN_MAX (a new block's burst of a big proxy fits many times).
   */
  private readonly staleSeen = new Set<string>();
  /**
   * The workers whose authorize waits for the pool's lookup, by user name in lower case: each
   * promise ends once the worker is authorized or refused, with the refusal's message if refused.
   */
  private readonly authorizing = new Map<string, Promise<string | undefined>>();
  /** Pool lookups in flight (MAX_LOOKUPS), and the authorizes waiting for one to end. */
  private lookups = 0;
  private readonly lookupWaiters: Array<() => void> = [];
  /** Unknown sub-account names this connection tried (the lookup of a name is cached a while). */
  private readonly refusedNames = new Set<string>();
  /** The difficulty the miner was last told with mining.set_difficulty (undefined: none yet). */
  private announcedDifficulty: number | undefined;
  private readonly splitter = new LineSplitter(MAX_LINE_BYTES);
  private readonly vardiff: Vardiff;
  private readonly invalid: InvalidShareWindow;
  private awaitingProxy: boolean;
  /** The start of a PROXY v2 header that came in pieces. */
  private proxyBytes: Buffer | undefined;
  private mining = false;
  /** Submissions being checked, authorizes being looked up and the submissions waiting for them. */
  private pending = 0;
  private paused = false;
  /**
   * The lines of the last read not yet handled because MAX_PENDING requests were waiting: one
   * read can hold hundreds of submissions, and pausing the socket stops only the next reads.
   */
  private held: { lines: string[]; from: number } | undefined;
  private sourceOf = { ip: '', group: '' };
  /** Lines written this turn, sent together in one socket write at its end (see writeLine). */
  private outgoing = '';

  constructor(
    readonly socket: Socket,
    private readonly ctx: SessionContext,
  ) {
    this.ip = normalizeIp(socket.remoteAddress ?? '');
    this.connectedAt = ctx.now();
    this.lastActivity = this.connectedAt;
    this.difficulty = ctx.port.startDifficulty;
    this.vardiff = new Vardiff(ctx.vardiff, ctx.port.minDifficulty, ctx.port.maxDifficulty, this.connectedAt);
    this.invalid = new InvalidShareWindow(ctx.invalidShares.windowSeconds * 1000, ctx.invalidShares.threshold);
    this.awaitingProxy = ctx.proxyProtocol;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', () => this.close());
    socket.on('close', () => this.close());
  }

  get authorized(): boolean {
    return this.workers.size > 0;
  }

  /**
   * Starts the session: without PROXY protocol the socket's address is the miner's. `admittedIp`:
   * the primary process of a multi-process instance accepted the connection and took its slot.
   */
  begin(admittedIp?: string): void {
    if (admittedIp !== undefined) {
      this.ip = admittedIp;
      this.awaitingProxy = false;
      this.admitted = true;
      this.invalid.seed(this.ctx.pastInvalid(this.ip));
      return;
    }
    if (!this.awaitingProxy) this.admitOrClose();
  }

  close(reason?: string): void {
    if (this.closed) return;
    this.closed = true;
    if (reason) this.ctx.log.info('connection closed', { ip: this.ip, reason });
    if (this.extranonce1) this.ctx.releaseExtranonce(this.extranonce1, this.memory());
    // What was answered before the close (a "server full") is handed to the socket first.
    this.sendOutgoing();
    this.socket.destroy();
  }

  /** Ends the connection after what was written to it (the graceful stop's last step). */
  end(): void {
    this.sendOutgoing();
    this.socket.end();
  }

  /** A new job from the coin: a pending difficulty goes first, then the job. */
  sendJob(job: StratumJob): void {
    if (!this.mining || this.closed) return;
    if (job.cleanJobs) this.jobDifficulty.clear();
    this.notify(job, job.cleanJobs);
  }

  /** Asks the miner to reconnect (graceful shutdown): it comes back to this or another instance. */
  reconnect(): void {
    this.write({ id: null, method: 'client.reconnect', params: [] });
  }

  /** Called by the server's sweep: a window without shares makes the work easier. */
  idleRetarget(now: number): void {
    // A new difficulty waiting for the next job is not lowered again before the miner has it.
    if (!this.mining || this.difficulty !== this.announcedDifficulty) return;
    const next = this.vardiff.onIdle(this.difficulty, now);
    if (next !== undefined) this.changeDifficulty(next);
  }

  pendingSubmissions(): number {
    return this.pending;
  }

  private admitOrClose(): void {
    if (!this.ctx.admit(this.ip)) {
      this.close('refused: banned or too many connections from this IP');
      return;
    }
    this.admitted = true;
    this.invalid.seed(this.ctx.pastInvalid(this.ip));
  }

  /** The invalid shares this connection sent still in the window, for the IP's next connection. */
  recentInvalid(): readonly number[] {
    return this.invalid.recent(this.ctx.now());
  }

  private onData(chunk: Buffer): void {
    if (this.closed) return;
    this.lastActivity = this.ctx.now();
    if (this.awaitingProxy) {
      const rest = this.readBinaryProxyHeader(chunk);
      if (!rest?.length) return;
      chunk = rest;
    }
    const lines = this.splitter.push(chunk);
    if (lines === 'overflow') {
      this.close('line over 16 KB');
      return;
    }
    if (this.held) {
      // Not expected (a paused socket emits no data), but never handled out of order.
      this.held = { lines: [...this.held.lines.slice(this.held.from), ...lines], from: 0 };
      return;
    }
    this.handleLines(lines, 0);
  }

  /**
   * The connection's first bytes while a PROXY header is awaited: a version 2 (binary) header is
   * read here, at most PROXY_V2_MAX_BODY bytes after its fixed part, and what follows it is
   * returned; a version 1 (text) header is left to the first line (handleLines). Undefined: the
   * header is not whole yet, or the connection was closed.
   */
  private readBinaryProxyHeader(chunk: Buffer): Buffer | undefined {
    const seen = this.proxyBytes ? Buffer.concat([this.proxyBytes, chunk]) : chunk;
    const v2 = readProxyV2(seen);
    if (v2.kind === 'incomplete') {
      this.proxyBytes = Buffer.from(seen); // a copy: not a view that keeps a read's whole buffer
      return undefined;
    }
    this.proxyBytes = undefined;
    if (v2.kind === 'not-v2') return seen;
    this.awaitingProxy = false;
    if (!v2.header.ok) {
      this.close(v2.header.reason);
      return undefined;
    }
    if (v2.header.sourceIp) this.ip = normalizeIp(v2.header.sourceIp);
    this.admitOrClose();
    return this.closed ? undefined : seen.subarray(v2.length);
  }

  private handleLines(lines: string[], from: number): void {
    for (let i = from; i < lines.length; i++) {
      if (this.closed) return;
      if (this.pending >= MAX_PENDING) {
        this.held = { lines, from: i };
        return;
      }
      const line = lines[i]!;
      if (this.awaitingProxy) {
        this.awaitingProxy = false;
        const header = parseProxyV1(line);
        if (!header.ok) {
          this.close(header.reason);
          return;
        }
        if (header.sourceIp) this.ip = normalizeIp(header.sourceIp);
        this.admitOrClose();
        continue;
      }
      if (!this.admitted) return;
      if (!line.trim()) continue;
      const request = parseRequest(line);
      if (request === 'ignore') continue;
      if (request === undefined) {
        this.close('invalid JSON-RPC');
        return;
      }
      if (!KNOWN_METHODS.has(request.method) && !this.subscribed) {
        this.close(`unknown method before subscribe: ${request.method.slice(0, 64)}`);
        return;
      }
      try {
        this.handle(request);
      } catch (err) {
        this.failed(request, err);
      }
    }
  }

  /** A request whose handling threw: logged and answered, never the process's end. */
  private failed(req: Request, err: unknown): void {
    this.ctx.log.error('stratum request failed', { method: req.method, err: String(err) });
    this.answer(req.id, null, stratumError(StratumError.OTHER, 'internal error'));
  }

  /** Runs `work` once `before` ends, counted as pending meanwhile (reading stops at MAX_PENDING). */
  private after<T>(before: Promise<T>, req: Request, work: (value: T) => void): void {
    this.pending += 1;
    this.applyBackpressure();
    before
      .then((value) => {
        if (!this.closed) work(value);
      })
      .catch((err) => this.failed(req, err))
      .finally(() => {
        this.pending -= 1;
        this.applyBackpressure();
      });
  }

  /** Stops reading while many requests wait, so a flood cannot queue without bound. */
  private applyBackpressure(): void {
    if (!this.paused && this.pending >= MAX_PENDING) {
      this.paused = true;
      this.socket.pause();
    } else if (this.paused && this.pending < MAX_PENDING / 2) {
      this.paused = false;
      const held = this.held;
      this.held = undefined;
      // The rest of the last read first: it may fill the queue again and pause once more.
      if (held) this.handleLines(held.lines, held.from);
      if (!this.closed && !this.paused && !this.held) this.socket.resume();
    }
  }

  private handle(req: Request): void {
    switch (req.method) {
      case 'mining.subscribe':
        return this.subscribe(req);
      case 'mining.authorize':
        return this.authorize(req);
      case 'mining.configure':
        return this.configure(req);
      case 'mining.suggest_difficulty':
        return this.suggestDifficulty(req);
      case 'mining.extranonce.subscribe':
        return this.answer(req.id, true);
      case 'mining.submit': {
        // The check runs beside the next lines. A worker whose authorize is being looked up is
        // not refused: its submissions wait for the answer, in the order they came.
        const waiting = typeof req.params[0] === 'string' ? this.authorizing.get(req.params[0].toLowerCase()) : undefined;
        if (waiting) return this.after(waiting, req, () => this.submit(req));
        return this.submit(req);
      }
      default:
        return this.answer(req.id, null, stratumError(StratumError.OTHER, `method not supported: ${req.method.slice(0, 64)}`));
    }
  }

  private subscribe(req: Request): void {
    if (this.subscribed) {
      return this.answer(req.id, null, stratumError(StratumError.OTHER, 'already subscribed'));
    }
    const [agent, resume] = req.params;
    if (typeof agent === 'string') this.userAgent = agent.slice(0, 128);
    const allocated = this.ctx.allocateExtranonce(typeof resume === 'string' ? resume : undefined);
    if (!allocated) {
      this.answer(req.id, null, stratumError(StratumError.OTHER, 'server full'));
      return this.close('no free extranonce1');
    }
    const { extranonce1, memory } = allocated;
    if (memory) this.takeOver(memory);
    this.extranonce1 = extranonce1;
    this.subscribed = true;
    this.answer(req.id, [[['mining.set_difficulty', extranonce1], ['mining.notify', extranonce1]], extranonce1, EXTRANONCE2_SIZE]);
    this.startMining();
  }

  private authorize(req: Request): void {
    const [user] = req.params;
    const refuse = (msg: string) => this.answer(req.id, false, stratumError(StratumError.UNAUTHORIZED, msg));
    if (typeof user !== 'string' || !user.length || user.length > 128) return refuse('user name must be <sub-account>.<worker>');
    // Names are case-blind (both parts are stored in lower case): a proxy may submit under another case than it authorized.
    const key = user.toLowerCase();
    if (this.workers.has(key)) return this.answer(req.id, true);
    const waiting = this.authorizing.get(key);
    if (waiting) return this.after(waiting, req, (refusal) => (refusal === undefined ? this.answer(req.id, true) : refuse(refusal)));
    if (this.workers.size + this.authorizing.size >= MAX_WORKERS_PER_CONNECTION) return refuse('too many workers on one connection');
    const dot = user.lastIndexOf('.');
    if (dot <= 0 || dot === user.length - 1) return refuse('user name must be <sub-account>.<worker>');
    const account = user.slice(0, dot);
    const worker = user.slice(dot + 1).toLowerCase();
    if (!ACCOUNT.test(account)) return refuse('sub-account names are 4 to 30 letters or digits');
    if (!WORKER.test(worker)) return refuse('worker names are 1 to 64 letters or digits');
    const lookup = this.lookUp(key, account, worker);
    this.authorizing.set(key, lookup);
    this.after(lookup, req, (refusal) => {
      if (refusal !== undefined) {
        refuse(refusal);
        // Each new name costs the pool a lookup: a connection trying name after name is banned like
        // one sending invalid shares. The same name again is answered from the cache, and a miner
        // retrying its mistyped name is not banned for it.
        const name = account.toLowerCase();
        if (this.refusedNames.has(name)) return;
        if (this.refusedNames.size < MAX_WORKERS_PER_CONNECTION) this.refusedNames.add(name);
        return this.countInvalid();
      }
      this.answer(req.id, true);
      this.startMining();
    });
  }

  /**
   * Asks the pool whether the sub-account exists and authorizes the worker if so; the refusal's
   * message if not. The worker is authorized (and no longer `authorizing`) before any answer or
   * waiting submission runs, since they run after this promise ends.
   */
  private async lookUp(key: string, account: string, worker: string): Promise<string | undefined> {
    try {
      while (this.lookups >= MAX_LOOKUPS) await new Promise<void>((resolve) => this.lookupWaiters.push(resolve));
      this.lookups += 1;
      try {
        const answer = await this.ctx.checkAccount(account);
        if (answer === 'unknown') return `unknown sub-account "${account}": create it on the pool's web site first`;
        if (!this.closed) this.workers.set(key, { account: account.toLowerCase(), worker });
        return undefined;
      } finally {
        this.lookups -= 1;
        this.lookupWaiters.shift()?.();
      }
    } finally {
      this.authorizing.delete(key);
    }
  }

  private configure(req: Request): void {
    const [extensions, params] = req.params;
    if (!Array.isArray(extensions) || (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params)))) {
      return this.answer(req.id, null, stratumError(StratumError.OTHER, 'mining.configure takes [extensions, parameters]'));
    }
    const p = (params ?? {}) as Record<string, unknown>;
    const result: Record<string, Json> = {};
    if (extensions.includes('version-rolling')) {
      const requested = typeof p['version-rolling.mask'] === 'string' && HEX8.test(p['version-rolling.mask']) ? parseInt(p['version-rolling.mask'], 16) : 0xffffffff;
      this.versionMask = (requested & this.ctx.coin.versionRollingMask) >>> 0;
      // No bit in common: rolling is refused (BIP 310's false), not granted with an empty mask.
      result['version-rolling'] = this.versionMask !== 0;
      if (this.versionMask !== 0) result['version-rolling.mask'] = this.versionMask.toString(16).padStart(8, '0');
    }
    if (extensions.includes('minimum-difficulty')) {
      const value = p['minimum-difficulty.value'];
      if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
        this.vardiff.setMinerMinimum(value);
        result['minimum-difficulty'] = true;
        const clamped = this.vardiff.clamp(this.difficulty);
        if (clamped !== this.difficulty) this.changeDifficulty(clamped);
      } else result['minimum-difficulty'] = false;
    }
    this.answer(req.id, result);
  }

  private suggestDifficulty(req: Request): void {
    const [value] = req.params;
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      return this.answer(req.id, null, stratumError(StratumError.OTHER, 'difficulty must be a number above 0'));
    }
    this.answer(req.id, true);
    this.changeDifficulty(this.vardiff.clamp(value));
  }

  private submit(req: Request): void {
    // Counted as invalid shares like the others: a connection cannot send these without end either.
    if (!this.subscribed || !this.extranonce1) return this.refuse(req.id, StratumError.NOT_SUBSCRIBED, 'not subscribed');
    const [user, jobId, extranonce2, ntime, nonce, versionBits] = req.params;
    const who = typeof user === 'string' ? this.workers.get(user.toLowerCase()) : undefined;
    if (!who) return this.refuse(req.id, StratumError.UNAUTHORIZED, 'unauthorized worker');
    if (
      typeof jobId !== 'string' || jobId.length > 64 ||
      typeof extranonce2 !== 'string' || !EXTRANONCE2.test(extranonce2) ||
      typeof ntime !== 'string' || !HEX8.test(ntime) ||
      typeof nonce !== 'string' || !HEX8.test(nonce) ||
      (versionBits !== undefined && (typeof versionBits !== 'string' || !VERSION_BITS.test(versionBits)))
    ) {
      return this.refuse(req.id, StratumError.OTHER, 'malformed submission');
    }
    // A job id this connection was not sent, or no longer remembers, is stale without a check: its
    // difficulty is unknown here, and checking it at the difficulty in force would credit it at what
    // the miner last asked for (mining.suggest_difficulty changes that at once, unannounced), so a
    // share of a job seen on another connection would be paid at what its hash happened to meet.
    const difficulty = this.jobDifficulty.get(jobId);
    const submission: ShareSubmission = {
      jobId,
      extranonce1: this.extranonce1,
      extranonce2: extranonce2.toLowerCase(),
      ntime: ntime.toLowerCase(),
      nonce: nonce.toLowerCase(),
      versionMask: this.versionMask,
      difficulty: difficulty ?? this.announcedDifficulty ?? this.difficulty,
      account: who.account,
      worker: who.worker,
      source: this.source(),
    };
    // One spelling ("2000" is "00002000"), or the same share sent both ways would not be a duplicate.
    if (versionBits !== undefined) submission.versionBits = versionBits.toLowerCase().padStart(8, '0');
    // Told a lower difficulty since this job was sent: a share meeting that one is not a bad share.
    if (difficulty !== undefined && this.announcedDifficulty !== undefined && this.announcedDifficulty < difficulty) submission.lowered = this.announcedDifficulty;
    if (difficulty === undefined && this.staleSeenBefore(submission)) return this.refuse(req.id, StratumError.DUPLICATE, 'duplicate share');
    this.pending += 1;
    // Checks may be slow (Scrypt's hash threads busy): reading stops at MAX_PENDING all the same.
    this.applyBackpressure();
    void this.checkShare(req.id, submission, difficulty !== undefined);
  }

  /** Whether a stale share of `jobId` is bad luck (STALE_GRACE_MS, STALE_RECENT_JOBS, STALE_EXCUSED_MAX); counts it if so. */
  private excusedStale(jobId: string): boolean {
    if (this.ctx.now() - this.lastNewJobAt > STALE_GRACE_MS || this.staleExcused >= STALE_EXCUSED_MAX) return false;
    if (!this.sentJobs.has(jobId) || ![...this.sentJobs].slice(-STALE_RECENT_JOBS).includes(jobId)) return false;
    this.staleExcused += 1;
    return true;
  }

  /** Whether this stale submission was sent before (then a duplicate); remembers it otherwise. */
  private staleSeenBefore(s: ShareSubmission): boolean {
    const key = `${s.jobId}|${s.extranonce2}|${s.ntime}|${s.nonce}|${s.versionBits ?? ''}`;
    if (this.staleSeen.has(key)) return true;
    if (this.staleSeen.size >= STALE_SEEN_MAX) this.staleSeen.clear();
    this.staleSeen.add(key);
    return false;
  }

  /** The connection's IP group (ip-guard.ts), for the fairness of share checks between miners; the address may change with a PROXY header. */
  private source(): string {
    if (this.sourceOf.ip !== this.ip) this.sourceOf = { ip: this.ip, group: ipGroup(this.ip) };
    return this.sourceOf.group;
  }

  /** Refuses a submission before its check, counting it towards the invalid-share ban. */
  private refuse(id: Json, code: StratumErrorCode, msg: string): void {
    this.answer(id, false, stratumError(code, msg));
    this.ctx.onShare('invalid', 0);
    this.countInvalid();
  }

  /** Checks, records and answers one share; the submission stops counting as pending when done. */
  private async checkShare(id: Json, submission: ShareSubmission, known: boolean): Promise<void> {
    try {
      await this.checkAndAnswer(id, submission, known);
    } finally {
      this.pending -= 1;
      this.applyBackpressure();
    }
  }

  private async checkAndAnswer(id: Json, submission: ShareSubmission, known: boolean): Promise<void> {
    const { coin } = this.ctx;
    let result: ShareCheckResult;
    try {
      result = known ? await coin.check(submission) : STALE_JOB;
    } catch (err) {
      this.ctx.log.error('share check failed', { err: String(err) });
      return this.answer(id, false, stratumError(StratumError.OTHER, 'internal error'));
    }
    // A job it was sent that the server no longer keeps: stale, and the same one again a duplicate
    // (one line resent over and over would cost a synced outbox write and a share record each).
    if (known && !result.ok && result.code === StratumError.JOB_NOT_FOUND && this.staleSeenBefore(submission)) {
      return this.refuse(id, StratumError.DUPLICATE, 'duplicate share');
    }
    const time = this.ctx.now();
    let share: PoolShare | undefined;
    // Credited at its job's difficulty (or the lower one announced since, when it met only that),
    // never at what the hash happens to meet above it.
    const credited = (result.ok && result.creditedAt) || submission.difficulty;
    if (result.ok) {
      share = this.share(submission, credited, 'accepted', undefined, time);
    } else if (result.code === StratumError.LOW_DIFFICULTY) {
      share = this.share(submission, credited, 'rejected', 'low difficulty', time);
    } else if (result.code === StratumError.JOB_NOT_FOUND) {
      share = this.share(submission, credited, 'stale', 'job not found', time);
    } else if (result.code === StratumError.DUPLICATE) {
      share = this.share(submission, credited, 'rejected', 'duplicate', time);
    }
    if (share) {
      try {
        await this.ctx.recordShare(share);
      } catch {
        // The share is not counted, but the block it found (submitted by the check already, and
        // followed by the block tracker) is still counted by the blocks metric.
        if (result.ok && result.block) this.ctx.onBlock(this, result, submission.account, submission.worker);
        return this.answer(id, false, stratumError(StratumError.OTHER, 'the server cannot record shares now'));
      }
      this.ctx.onShare(share.result, credited);
    }
    if (result.ok) {
      if (result.block) this.ctx.onBlock(this, result, submission.account, submission.worker);
      // The answer nearly every share gets, without JSON.stringify of an object (ids are numbers,
      // strings or null: parseRequest takes no other).
      this.writeLine(`{"id":${typeof id === 'number' ? id : JSON.stringify(id)},"result":true,"error":null}`);
      // Vardiff counts only shares mined at the difficulty in force: while a new one waits for the
      // next job, a fast miner's shares at the old one would multiply it again and again.
      if (credited === this.difficulty) {
        const next = this.vardiff.onShare(this.difficulty, time);
        if (next !== undefined) this.changeDifficulty(next);
      }
      return;
    }
    this.answer(id, false, stratumError(result.code, result.reason));
    // A stale share of a job this connection was sent, soon after its last new job, is the miner's
    // bad luck (a new block, or its shares in flight across a job change), not abuse: a busy proxy
    // sends many at each block and must not be banned for them. A job id it was never sent, or a
    // stale share long after the change, is counted like any invalid share.
    if (!(result.code === StratumError.JOB_NOT_FOUND && this.excusedStale(submission.jobId))) this.countInvalid();
  }

  private share(s: ShareSubmission, difficulty: number, result: ShareResult, reason: string | undefined, time: number): PoolShare {
    // Fields in the order the outbox has always serialized them (reason and ip only when known),
    // without the spread of a temporary object per optional field; `time` is set last.
    const share = {
      coin: this.ctx.coin.coin,
      account: s.account,
      worker: s.worker,
      difficulty: difficulty * this.ctx.coin.poolUnitPerStratumDifficulty,
      result,
    } as PoolShare;
    if (reason) share.reason = reason;
    if (this.ip) share.ip = this.ip;
    share.time = time;
    return share;
  }

  private countInvalid(): void {
    if (!this.invalid.record(this.ctx.now())) return;
    this.ctx.ban(this.ip, this.ctx.invalidShares.banSeconds);
    this.close('too many invalid shares: IP banned');
  }

  /** What a miner resuming this connection's extranonce1 takes on (ExtranoncePool). */
  private memory(): SessionMemory | undefined {
    if (this.jobDifficulty.size === 0 && this.sentJobs.size === 0) return undefined;
    return { port: this.ctx.port.port, difficulty: this.announcedDifficulty ?? this.difficulty, jobs: new Map(this.jobDifficulty), sent: [...this.sentJobs] };
  }

  /**
   * A resumed connection goes on where the old one stopped: each job keeps the difficulty it was
   * sent at (so the current job, sent again, is not credited at a new one), a stale share of an old
   * job is not an invalid one, and the miner is told the difficulty it was mining at.
   */
  private takeOver(memory: SessionMemory): void {
    for (const [id, difficulty] of memory.jobs) this.jobDifficulty.set(id, difficulty);
    for (const id of memory.sent) this.sentJobs.add(id);
    // Its shares in flight across the reconnection are bad luck as across a job change.
    this.lastNewJobAt = this.ctx.now();
    this.staleExcused = 0;
    // Within the bounds of this connection (a minimum-difficulty it asked for before subscribing).
    this.difficulty = this.vardiff.clamp(memory.difficulty);
  }

  private startMining(): void {
    if (this.mining || !this.subscribed || !this.authorized) return;
    this.mining = true;
    const job = this.ctx.coin.currentJob();
    // The first set_difficulty goes out even before there is a job. A resumed connection's current
    // job keeps the difficulty it was sent at: the miner is told that one, and a difficulty asked
    // for since waits for the next job.
    this.announceDifficulty(job ? this.jobDifficulty.get(job.id) : undefined);
    if (job) this.notify(job, true);
  }

  /**
   * A new difficulty for this connection. It applies from the next job on (notify): set_difficulty
   * goes out just before that job, so a miner that applies it at once and one that waits for the
   * next notify (the convention) both mine each job at the difficulty it is credited at.
   */
  private changeDifficulty(next: number): void {
    if (next === this.difficulty) return;
    this.difficulty = next;
    this.ctx.onDifficulty();
  }

  /** Tells the miner the difficulty in force (or `value`, a kept job's), when it changed; vardiff counts from here. */
  private announceDifficulty(value = this.difficulty): void {
    if (this.announcedDifficulty === value) return;
    this.announcedDifficulty = value;
    // Shares of a window that began at another difficulty would skew the next retarget.
    this.vardiff.reset(this.ctx.now());
    this.write({ id: null, method: 'mining.set_difficulty', params: [value] });
  }

  private notify(job: StratumJob, clean: boolean): void {
    // A job id sent once keeps its difficulty: a change waits for a job not sent yet.
    if (!this.jobDifficulty.has(job.id)) {
      this.announceDifficulty();
      this.jobDifficulty.set(job.id, this.difficulty);
      if (this.jobDifficulty.size > MAX_JOBS_REMEMBERED) this.jobDifficulty.delete(this.jobDifficulty.keys().next().value as string);
    }
    if (!this.sentJobs.has(job.id)) {
      this.lastNewJobAt = this.ctx.now();
      this.staleExcused = 0;
      this.sentJobs.add(job.id);
      if (this.sentJobs.size > MAX_JOBS_REMEMBERED) this.sentJobs.delete(this.sentJobs.keys().next().value as string);
    }
    this.write({
      id: null,
      method: 'mining.notify',
      params: [job.id, job.prevHash, job.coinbase1, job.coinbase2, job.merkleBranch, job.version, job.nbits, job.ntime, clean],
    });
  }

  private answer(id: Json, result: Json, error: [number, string, null] | null = null): void {
    this.write({ id, result, error });
  }

  private write(message: unknown): void {
    this.writeLine(JSON.stringify(message));
  }

  private writeLine(json: string): void {
    if (this.closed) return;
    // Lines of one turn leave in one write of one string: a busy miner's shares are answered
    // together (after the same outbox fsync). A system call per answer was a tenth of the server's
    // CPU; corking the socket instead still cost a chunk, a callback and a string conversion per
    // line inside writev (bench:stratum's profile).
    if (!this.outgoing) process.nextTick(sendOutgoing, this);
    this.outgoing += `${json}\n`;
    if (this.socket.writableLength + this.outgoing.length > MAX_WRITE_BACKLOG) {
      this.outgoing = '';
      this.close('peer does not read its answers');
    }
  }

  /** Hands the lines of this turn to the socket. */
  sendOutgoing(): void {
    if (!this.outgoing) return;
    const text = this.outgoing;
    this.outgoing = '';
    if (!this.socket.destroyed) this.socket.write(text);
  }
}

function sendOutgoing(session: Session): void {
  session.sendOutgoing();
}

function parseRequest(line: string): Request | 'ignore' | undefined {
  let msg: unknown;
  try {
    msg = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) return undefined;
  const m = msg as Record<string, unknown>;
  // An answer to something we sent (some proxies answer client.reconnect): nothing to do.
  if (m.method === undefined && ('result' in m || 'error' in m)) return 'ignore';
  if (typeof m.method !== 'string' || m.method.length > 128) return undefined;
  const params = m.params === undefined || m.params === null ? [] : m.params;
  if (!Array.isArray(params)) return undefined;
  const id = m.id === undefined ? null : m.id;
  if (id !== null && typeof id !== 'number' && typeof id !== 'string') return undefined;
  if (typeof id === 'string' && id.length > 128) return undefined;
  return { id: id as Json, method: m.method, params };
}

export function normalizeIp(ip: string): string {
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
}
