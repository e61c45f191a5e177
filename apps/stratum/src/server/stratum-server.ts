// The Stratum V1 server: newline-delimited JSON over TCP, as ASIC firmwares and proxies speak it.
// One Session per connection; the coin's parts (CoinWork) build the jobs and check the shares;
// every answered share goes to the durable outbox before the answer is written.
import { createServer, type Server, type Socket } from 'node:net';
import type { CoinWork, Logger, StratumJob } from '../coin/types';
import type { PoolShare } from '../outbox/pool-client';
import { stratumMetrics } from './metrics';
import { Vardiff, type VardiffOptions } from './vardiff';

export interface PortSettings {
  port: number;
  startDifficulty: number;
  minDifficulty: number;
  maxDifficulty: number;
}

export interface Limits {
  maxConnectionsPerIp: number;
  authTimeoutSeconds: number;
  idleTimeoutSeconds: number;
  invalidSharesWindowSeconds: number;
  invalidSharesThreshold: number;
  banSeconds: number;
  proxyProtocol: boolean;
}

export interface ServerDeps {
  coin: CoinWork;
  instancePrefix: number;
  host: string;
  port: PortSettings;
  vardiff: VardiffOptions;
  limits: Limits;
  /** Durable record of an answered share; resolves once it is on disk. */
  record: (share: PoolShare) => Promise<void>;
  /** Whether a sub-account exists (cached by the caller); undefined: the pool cannot be asked now. */
  accountExists: (name: string) => Promise<boolean | undefined>;
  log: Logger;
}

const MAX_LINE = 16 * 1024;
/** BIP 310: the version bits a pool lets miners roll. */
export const POOL_VERSION_MASK = 0x1fffe000;
const SUB_ACCOUNT = /^[A-Za-z0-9]{4,30}$/;
const WORKER = /^[0-9a-z]{1,64}$/;
// Before subscribe only these; a submit is answered 25 (not subscribed), anything else closes.
const KNOWN_BEFORE_SUBSCRIBE = new Set(['mining.subscribe', 'mining.configure', 'mining.extranonce.subscribe', 'mining.suggest_difficulty', 'mining.authorize', 'mining.multi_version', 'mining.submit']);

type Id = number | string | null;
const ERR = (code: number, message: string) => [code, message, null];

/** Extranonce1 values are unique per process; the prefix makes them unique across processes. */
class ExtranonceSpace {
  private next = 1;
  readonly inUse = new Set<string>();
  constructor(private readonly prefix: number) {}
  take(resume?: string): string {
    if (resume && /^[0-9a-f]{8}$/.test(resume) && Number.parseInt(resume.slice(0, 2), 16) === this.prefix && !this.inUse.has(resume)) {
      this.inUse.add(resume);
      return resume;
    }
    for (;;) {
      const value = this.prefix.toString(16).padStart(2, '0') + (this.next++ & 0xffffff).toString(16).padStart(6, '0');
      if (!this.inUse.has(value)) {
        this.inUse.add(value);
        return value;
      }
    }
  }
  release(value: string): void {
    this.inUse.delete(value);
  }
}

export class StratumServer {
  private server: Server | undefined;
  private readonly sessions = new Set<Session>();
  private readonly perIp = new Map<string, number>();
  private readonly bans = new Map<string, number>();
  readonly extranonces: ExtranonceSpace;

  constructor(readonly d: ServerDeps) {
    this.extranonces = new ExtranonceSpace(d.instancePrefix);
    d.coin.onJob((job) => {
      for (const s of this.sessions) s.sendJob(job);
    });
  }

  listen(): Promise<number> {
    this.server = createServer((socket) => this.accept(socket));
    this.server.maxConnections = 1_000_000;
    return new Promise((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.d.port.port, this.d.host, () => resolve((this.server!.address() as { port: number }).port));
    });
  }

  /** Graceful shutdown: every miner is told to reconnect (to another process behind the balancer). */
  async close(): Promise<void> {
    for (const s of this.sessions) s.reconnectAndClose();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  get connectionCount(): number {
    return this.sessions.size;
  }

  ban(ip: string): void {
    this.bans.set(ip, Date.now() + this.d.limits.banSeconds * 1000);
  }

  private accept(socket: Socket): void {
    const ip = socket.remoteAddress ?? 'unknown';
    const until = this.bans.get(ip);
    if (until && until > Date.now()) return void socket.destroy();
    if (until) this.bans.delete(ip);
    const count = this.perIp.get(ip) ?? 0;
    if (count >= this.d.limits.maxConnectionsPerIp) return void socket.destroy();
    this.perIp.set(ip, count + 1);
    const session = new Session(this, socket, ip);
    this.sessions.add(session);
    stratumMetrics.connections.inc({ port: String(this.d.port.port) });
    socket.once('close', () => {
      this.sessions.delete(session);
      session.dispose();
      const left = (this.perIp.get(ip) ?? 1) - 1;
      if (left <= 0) this.perIp.delete(ip);
      else this.perIp.set(ip, left);
      stratumMetrics.connections.dec({ port: String(this.d.port.port) });
    });
  }
}

class Session {
  private buffer = '';
  private subscribed = false;
  private extranonce1 = '';
  private readonly authorized = new Map<string, { account: string; worker: string }>();
  private versionMask = 0;
  private minimumDifficulty = 0;
  private difficulty: number;
  /** The difficulty each job was sent under: shares are checked against it. */
  private readonly jobDifficulty = new Map<string, number>();
  private pendingDifficulty: number | null = null;
  private readonly vardiff: Vardiff;
  private ip: string;
  private proxyHeaderDone: boolean;
  private lastActivity = Date.now();
  private invalid: number[] = [];
  private readonly timer: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly server: StratumServer,
    private readonly socket: Socket,
    ip: string,
  ) {
    this.ip = ip;
    this.proxyHeaderDone = !server.d.limits.proxyProtocol;
    this.difficulty = server.d.port.startDifficulty;
    this.vardiff = new Vardiff(server.d.vardiff, Date.now());
    socket.setEncoding('utf8');
    socket.setNoDelay(true);
    socket.on('data', (chunk: string) => this.onData(chunk));
    socket.on('error', () => undefined);
    const started = Date.now();
    // Timeouts: unauthorized after authTimeoutSeconds, silent after idleTimeoutSeconds.
    this.timer = setInterval(() => {
      const now = Date.now();
      const limits = this.server.d.limits;
      if (this.authorized.size === 0 && now - started > limits.authTimeoutSeconds * 1000) return this.close();
      if (now - this.lastActivity > limits.idleTimeoutSeconds * 1000) return this.close();
      const easier = this.vardiff.onIdle(now, this.difficulty, this.floor());
      if (easier !== null) this.pendingDifficulty = easier;
    }, 1000);
    this.timer.unref();
  }

  dispose(): void {
    clearInterval(this.timer);
    if (this.extranonce1) this.server.extranonces.release(this.extranonce1);
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.destroy();
  }

  reconnectAndClose(): void {
    this.notify('client.reconnect', []);
    this.socket.end();
  }

  private floor(): number {
    return Math.max(this.server.d.port.minDifficulty, this.minimumDifficulty);
  }

  private write(message: unknown): void {
    if (!this.closed) this.socket.write(`${JSON.stringify(message)}\n`);
  }

  private reply(id: Id, result: unknown, error: unknown = null): void {
    this.write({ id, result, error });
  }

  private notify(method: string, params: unknown[]): void {
    this.write({ id: null, method, params });
  }

  sendJob(job: StratumJob): void {
    if (!this.subscribed || this.authorized.size === 0) return;
    if (this.pendingDifficulty !== null) {
      this.difficulty = this.pendingDifficulty;
      this.pendingDifficulty = null;
      this.notify('mining.set_difficulty', [this.difficulty]);
      stratumMetrics.difficulty.observe({ coin: this.server.d.coin.coin }, this.difficulty);
    }
    this.jobDifficulty.set(job.id, this.difficulty);
    if (this.jobDifficulty.size > 16) this.jobDifficulty.delete(this.jobDifficulty.keys().next().value!);
    this.notify('mining.notify', [job.id, job.prevHash, job.coinbase1, job.coinbase2, job.merkleBranch, job.version, job.nbits, job.ntime, job.cleanJobs]);
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    if (!this.proxyHeaderDone) {
      const end = this.buffer.indexOf('\r\n');
      if (end < 0) {
        if (this.buffer.length > 108) this.close(); // a PROXY v1 header is at most 107 bytes
        return;
      }
      const header = this.buffer.slice(0, end).split(' ');
      if (header[0] !== 'PROXY') return this.close();
      if (header[1] === 'TCP4' || header[1] === 'TCP6') this.ip = header[2] ?? this.ip;
      this.buffer = this.buffer.slice(end + 2);
      this.proxyHeaderDone = true;
    }
    let newline: number;
    while ((newline = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, newline).trim();
      this.buffer = this.buffer.slice(newline + 1);
      if (line.length > MAX_LINE) return this.close();
      if (line) this.onLine(line);
      if (this.closed) return;
    }
    if (this.buffer.length > MAX_LINE) this.close();
  }

  private onLine(line: string): void {
    let message: { id?: Id; method?: unknown; params?: unknown };
    try {
      message = JSON.parse(line) as typeof message;
    } catch {
      return this.close();
    }
    if (typeof message !== 'object' || message === null || typeof message.method !== 'string') return this.close();
    this.lastActivity = Date.now();
    const id = typeof message.id === 'number' || typeof message.id === 'string' ? message.id : null;
    const params = Array.isArray(message.params) ? (message.params as unknown[]) : [];
    if (!this.subscribed && !KNOWN_BEFORE_SUBSCRIBE.has(message.method)) return this.close();
    switch (message.method) {
      case 'mining.subscribe':
        return this.subscribe(id, params);
      case 'mining.configure':
        return this.configure(id, params);
      case 'mining.authorize':
        return void this.authorize(id, params);
      case 'mining.suggest_difficulty':
        return this.suggestDifficulty(id, params);
      case 'mining.extranonce.subscribe':
        return this.reply(id, true);
      case 'mining.multi_version':
        return this.reply(id, true);
      case 'mining.submit':
        return void this.submit(id, params);
      default:
        return this.reply(id, null, ERR(20, `unknown method ${message.method.slice(0, 40)}`));
    }
  }

  private subscribe(id: Id, params: unknown[]): void {
    if (!this.subscribed) this.extranonce1 = this.server.extranonces.take(typeof params[1] === 'string' ? params[1].toLowerCase() : undefined);
    this.subscribed = true;
    this.reply(id, [[['mining.set_difficulty', this.extranonce1], ['mining.notify', this.extranonce1]], this.extranonce1, 4]);
  }

  private configure(id: Id, params: unknown[]): void {
    const extensions = Array.isArray(params[0]) ? (params[0] as unknown[]) : [];
    const options = typeof params[1] === 'object' && params[1] !== null ? (params[1] as Record<string, unknown>) : {};
    const result: Record<string, unknown> = {};
    if (extensions.includes('version-rolling')) {
      const asked = typeof options['version-rolling.mask'] === 'string' ? Number.parseInt(options['version-rolling.mask'], 16) >>> 0 : 0xffffffff;
      this.versionMask = (asked & POOL_VERSION_MASK) >>> 0;
      result['version-rolling'] = this.versionMask !== 0;
      result['version-rolling.mask'] = this.versionMask.toString(16).padStart(8, '0');
    }
    if (extensions.includes('minimum-difficulty')) {
      const value = Number(options['minimum-difficulty.value']);
      if (Number.isFinite(value) && value > 0) this.minimumDifficulty = Math.min(value, this.server.d.port.maxDifficulty);
      result['minimum-difficulty'] = true;
    }
    this.reply(id, result);
  }

  private suggestDifficulty(id: Id, params: unknown[]): void {
    const value = Number(params[0]);
    if (Number.isFinite(value) && value > 0) {
      const next = Math.min(this.server.d.port.maxDifficulty, Math.max(this.floor(), value));
      if (this.authorized.size === 0) this.difficulty = next;
      else this.pendingDifficulty = next;
    }
    this.reply(id, true);
  }

  private async authorize(id: Id, params: unknown[]): Promise<void> {
    const user = typeof params[0] === 'string' ? params[0].trim() : '';
    const dot = user.lastIndexOf('.');
    const account = dot > 0 ? user.slice(0, dot) : user;
    const worker = (dot > 0 ? user.slice(dot + 1) : 'default').toLowerCase();
    if (!SUB_ACCOUNT.test(account)) return this.reply(id, false, ERR(24, 'log in as <sub-account>.<worker>: the sub-account is 4 to 30 letters or digits'));
    if (!WORKER.test(worker)) return this.reply(id, false, ERR(24, 'the worker name is 1 to 64 digits and lower-case letters'));
    const exists = await this.server.d.accountExists(account.toLowerCase());
    if (exists === false) return this.reply(id, false, ERR(24, `unknown sub-account ${account}: create it on the pool's web site first`));
    // The pool cannot be asked right now: let the miner work; its shares wait in the outbox, and
    // the pool refuses the shares of a name that does not exist.
    this.authorized.set(user, { account: account.toLowerCase(), worker });
    this.reply(id, true);
    const first = this.authorized.size === 1;
    if (first) {
      this.notify('mining.set_difficulty', [this.difficulty]);
      stratumMetrics.difficulty.observe({ coin: this.server.d.coin.coin }, this.difficulty);
      const job = this.server.d.coin.currentJob();
      if (job) this.sendJob({ ...job, cleanJobs: true });
    }
  }

  private async submit(id: Id, params: unknown[]): Promise<void> {
    const began = process.hrtime.bigint();
    const coin = this.server.d.coin;
    const [user, jobId, extranonce2, ntime, nonce, versionBits] = params;
    if (!this.subscribed) return this.reply(id, null, ERR(25, 'not subscribed'));
    const who = typeof user === 'string' ? this.authorized.get(user.trim()) : undefined;
    if (!who) return this.reply(id, null, ERR(24, 'unauthorized worker'));
    if (typeof jobId !== 'string' || typeof extranonce2 !== 'string' || typeof ntime !== 'string' || typeof nonce !== 'string' || (versionBits !== undefined && typeof versionBits !== 'string')) {
      return this.reply(id, null, ERR(20, 'malformed submit'));
    }
    const difficulty = this.jobDifficulty.get(jobId) ?? this.difficulty;
    const result = await coin.check({ jobId, extranonce1: this.extranonce1, extranonce2, ntime, nonce, ...(versionBits !== undefined ? { versionBits } : {}), versionMask: this.versionMask, difficulty, account: who.account, worker: who.worker });
    const base = { coin: coin.coin, account: who.account, worker: who.worker, difficulty: difficulty * coin.poolUnitPerStratumDifficulty, ip: this.ip, time: Date.now() };
    let share: PoolShare;
    let label: string;
    if (result.ok) {
      share = { ...base, result: 'accepted' };
      label = 'accepted';
    } else if (result.code === 21) {
      share = { ...base, result: 'stale', reason: 'stale job' };
      label = 'stale';
    } else {
      share = { ...base, result: 'rejected', reason: result.reason.slice(0, 64) };
      label = result.code === 22 ? 'duplicate' : result.code === 23 ? 'low_difficulty' : 'invalid';
    }
    // Nothing answered before it is on disk: a crash after "true" never loses the share.
    await this.server.d.record(share);
    stratumMetrics.shares.inc({ coin: coin.coin, result: label });
    if (result.ok && result.block) stratumMetrics.blocks.inc({ coin: coin.coin, accepted: String(result.block.accepted) });
    if (result.ok) this.reply(id, true);
    else this.reply(id, null, ERR(result.code, result.reason));
    stratumMetrics.submitSeconds.observe(Number(process.hrtime.bigint() - began) / 1e9);

    const now = Date.now();
    if (result.ok) {
      const next = this.vardiff.onShare(now, this.difficulty, this.floor(), this.server.d.port.maxDifficulty);
      // The new difficulty takes effect with the next job (shares of the jobs sent keep theirs).
      if (next !== null) this.pendingDifficulty = next;
    } else if (result.code !== 21) {
      const window = this.server.d.limits.invalidSharesWindowSeconds * 1000;
      this.invalid = this.invalid.filter((t) => now - t < window);
      this.invalid.push(now);
      if (this.invalid.length >= this.server.d.limits.invalidSharesThreshold) {
        this.server.d.log.warn('too many invalid shares: connection dropped and IP banned', { ip: this.ip, account: who.account });
        this.server.ban(this.ip);
        this.close();
      }
    }
  }
}
