// The TCP side: one listener per configured port, the sessions of every port, the limits shared by
// the whole process (per-IP connections, bans, extranonce1 space), the periodic sweep (auth and idle
// timeouts, vardiff of quiet miners) and the graceful stop (client.reconnect to every session).
import { createServer, type Server, type Socket } from 'node:net';
import type { CoinWork, FoundBlock, Logger, ShareCheckResult } from '../coin/types.js';
import type { LimitsConfig, PortConfig, VardiffConfig } from '../config.js';
import type { PoolShare } from '../outbox/pool-outboxes.js';
import type { AccountAnswer } from './account-lookup.js';
import { ExtranoncePool } from './extranonce-pool.js';
import { addressMatcher, InvalidSharesByIp, IpGuard } from './ip-guard.js';
import { listen } from './listen.js';
import { Session, normalizeIp, type SessionContext, type ShareResult } from './session.js';

export interface StratumServerOptions {
  instancePrefix: number;
  listenHost: string;
  coins: Array<{ work: CoinWork; ports: PortConfig[] }>;
  vardiff: VardiffConfig;
  limits: LimitsConfig;
  checkAccount(name: string): Promise<AccountAnswer>;
  recordShare(share: PoolShare): Promise<void>;
  log: Logger;
  hooks?: {
    connections?(coin: string, port: number, delta: number): void;
    share?(coin: string, result: ShareResult | 'invalid', stratumDifficulty: number): void;
    block?(block: FoundBlock, account: string, worker: string): void;
  };
  now?: () => number;
  sweepMs?: number;
  /**
   * Set in a process of a multi-process instance: its ports are not opened here; the primary
   * accepts, takes the IP's slot and hands each connection over (adopt()), so per-IP limits and
   * bans hold across all processes. The server tells it when a slot frees and when an IP is banned.
   */
  primary?: { release(ip: string, listener: number): void; ban(ip: string, seconds: number): void };
}

interface Listener {
  coin: CoinWork;
  port: PortConfig;
  server: Server;
  sessions: Set<Session>;
  /** serve() was called for its coin (its port may still be opening). */
  opening: boolean;
  /** Its port is open (or, in a group, it adopts connections). */
  serving: boolean;
}

export class StratumServer {
  private readonly listeners: Listener[] = [];
  private readonly extranonces: ExtranoncePool;
  private readonly guard: IpGuard;
  private readonly pastInvalid: InvalidSharesByIp;
  private readonly trustedProxy: (address: string) => boolean;
  private readonly now: () => number;
  private sweepTimer: NodeJS.Timeout | undefined;
  private total = 0;
  private stopping = false;

  constructor(private readonly opts: StratumServerOptions) {
    this.extranonces = new ExtranoncePool(opts.instancePrefix);
    this.guard = new IpGuard(opts.limits.maxConnectionsPerIp);
    this.trustedProxy = addressMatcher(opts.limits.trustedProxies);
    this.pastInvalid = new InvalidSharesByIp(opts.limits.invalidSharesWindowSeconds * 1000);
    this.now = opts.now ?? Date.now;
    // In configuration order: a process group's primary names a port by this index (adopt()).
    for (const { work, ports } of opts.coins) {
      for (const port of ports) this.listeners.push({ coin: work, port, server: createServer(), sessions: new Set(), opening: false, serving: false });
    }
  }

  /** Jobs to sessions and the periodic sweep; no port is open until serve() opens a coin's. */
  async start(): Promise<void> {
    for (const { work } of this.opts.coins) {
      work.onJob((job) => {
        for (const l of this.listeners) if (l.coin === work) for (const s of l.sessions) s.sendJob(job);
      });
    }
    this.sweepTimer = setInterval(() => this.sweep(), this.opts.sweepMs ?? 1000);
    this.sweepTimer.unref();
  }

  /**
   * Opens the coin's ports, once it has work to hand out: each coin is served as soon as its node
   * gave the first template, so a coin whose node is still syncing does not hold the others, and
   * a TCP load balancer's health check sees the port closed until then. In a process of a group
   * the primary owns the ports; here the coin only starts taking what is handed over.
   */
  async serve(work: CoinWork): Promise<void> {
    for (const listener of this.listeners) {
      if (this.stopping) return;
      if (listener.coin !== work || listener.opening) continue;
      listener.opening = true;
      if (!this.opts.primary) {
        const where = { coin: work.coin, port: listener.port.port };
        listener.server.on('connection', (socket) => this.accept(listener, socket));
        listener.server.maxConnections = this.opts.limits.maxConnections;
        await listen(listener.server, listener.port.port, this.opts.listenHost, { log: this.opts.log, fields: where, wanted: () => !this.stopping });
        // stop() ran while it opened: it closed only the ports open then.
        if (this.stopping) {
          listener.server.close();
          return;
        }
        this.opts.log.info('stratum port open', where);
      }
      // Serving only once open: served() names no coin with a port that failed or still opens.
      listener.serving = true;
    }
  }

  /** The coins all of whose ports serve() opened, in configuration order. */
  served(): string[] {
    const coins = [...new Set(this.listeners.map((l) => l.coin))];
    return coins.filter((coin) => this.listeners.every((l) => l.coin !== coin || l.serving)).map((coin) => coin.coin);
  }

  /**
   * A connection the primary accepted on the index-th configured port (in configuration order) and
   * admitted for `ip`: its slot is taken already, so the session starts admitted.
   */
  adopt(index: number, socket: Socket, ip: string): void {
    const listener = this.listeners[index];
    if (!listener || !listener.serving || this.stopping) {
      socket.destroy();
      this.opts.primary?.release(ip, index);
      return;
    }
    this.accept(listener, socket, ip);
  }

  /** The actual ports (useful when a port is configured as 0 in tests). */
  ports(): number[] {
    return this.listeners.map((l) => {
      const a = l.server.address();
      return typeof a === 'object' && a ? a.port : l.port.port;
    });
  }

  connectionCount(): number {
    return this.total;
  }

  difficulties(): Array<{ coin: string; port: number; values: number[] }> {
    return this.listeners.map((l) => ({
      coin: l.coin.coin,
      port: l.port.port,
      values: [...l.sessions].filter((s) => s.authorized).map((s) => s.difficulty),
    }));
  }

  /** Graceful stop: no new connections, client.reconnect to everyone, answers in flight finish. */
  async stop(graceMs = 2000): Promise<void> {
    this.stopping = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    for (const l of this.listeners) if (l.server.listening) l.server.close();
    for (const l of this.listeners) for (const s of l.sessions) s.reconnect();
    const until = this.now() + graceMs;
    while (this.now() < until && this.listeners.some((l) => [...l.sessions].some((s) => s.pendingSubmissions() > 0))) {
      await new Promise((r) => setTimeout(r, 20));
    }
    for (const l of this.listeners) for (const s of l.sessions) s.end();
    await new Promise((r) => setTimeout(r, 50));
    for (const l of this.listeners) for (const s of l.sessions) s.close();
  }

  private accept(listener: Listener, socket: Socket, admittedIp?: string): void {
    if (this.stopping) {
      socket.destroy();
      if (admittedIp !== undefined) this.opts.primary?.release(admittedIp, this.listeners.indexOf(listener));
      return;
    }
    const ip = normalizeIp(socket.remoteAddress ?? '');
    // Without PROXY protocol a banned IP is refused before anything is read; with it, a peer that
    // is not one of the balancers, whose header would name any address it liked.
    if (admittedIp === undefined && (this.opts.limits.proxyProtocol ? !this.trustedProxy(ip) : this.guard.banned(ip, this.now()))) {
      socket.destroy();
      return;
    }
    const session = new Session(socket, this.context(listener));
    listener.sessions.add(session);
    this.total += 1;
    this.opts.hooks?.connections?.(listener.coin.coin, listener.port.port, 1);
    socket.once('close', () => {
      session.close();
      listener.sessions.delete(session);
      this.total -= 1;
      if (session.admitted) {
        if (this.opts.primary) this.opts.primary.release(session.ip, this.listeners.indexOf(listener));
        else this.guard.release(session.ip);
        this.pastInvalid.keep(session.ip, session.recentInvalid(), this.now());
      }
      this.opts.hooks?.connections?.(listener.coin.coin, listener.port.port, -1);
    });
    session.begin(admittedIp);
  }

  private context(listener: Listener): SessionContext {
    const { limits } = this.opts;
    return {
      coin: listener.coin,
      port: listener.port,
      vardiff: this.opts.vardiff,
      invalidShares: { windowSeconds: limits.invalidSharesWindowSeconds, threshold: limits.invalidSharesThreshold, banSeconds: limits.banSeconds },
      proxyProtocol: limits.proxyProtocol,
      allocateExtranonce: (resume) => this.extranonces.allocate(resume, listener.port.port, this.now()),
      releaseExtranonce: (e, memory) => this.extranonces.release(e, memory, this.now()),
      admit: (ip) => !this.guard.banned(ip, this.now()) && this.guard.acquire(ip),
      pastInvalid: (ip) => this.pastInvalid.take(ip, this.now()),
      ban: (ip, seconds) => {
        this.guard.ban(ip, seconds, this.now());
        this.opts.primary?.ban(ip, seconds);
        this.opts.log.warn('IP banned: too many invalid shares', { ip, seconds });
      },
      checkAccount: (name) => this.opts.checkAccount(name),
      recordShare: (share) => this.opts.recordShare(share),
      onShare: (result, d) => this.opts.hooks?.share?.(listener.coin.coin, result, d),
      onBlock: (_s, result, account, worker) => this.onBlock(result, account, worker),
      onDifficulty: () => undefined,
      log: this.opts.log,
      now: this.now,
    };
  }

  /**
   * A share that met the network target. The coin side has already submitted the block, logged its
   * one line and published the `found` event through the BlockEventSink (durably, via the block
   * outbox); the server only counts it, so nothing is reported twice.
   */
  private onBlock(result: Extract<ShareCheckResult, { ok: true }>, account: string, worker: string): void {
    this.opts.hooks?.block?.(result.block!, account, worker);
  }

  private sweep(): void {
    const now = this.now();
    const { authTimeoutSeconds, idleTimeoutSeconds } = this.opts.limits;
    this.guard.sweep(now);
    this.pastInvalid.sweep(now);
    for (const l of this.listeners) {
      for (const s of l.sessions) {
        if (!s.authorized && now - s.connectedAt > authTimeoutSeconds * 1000) s.close('not authorized in time');
        else if (now - s.lastActivity > idleTimeoutSeconds * 1000) s.close('idle');
        else s.idleRetarget(now);
      }
    }
  }
}
