// One stratum instance as several processes on one machine (the `processes` setting): Node runs
// JavaScript on one core per process, and a share check is CPU work, so one process per core is
// how the instance uses the machine. The primary process opens the ports, admits each connection
// (the per-IP limit and bans, for all processes together), and hands it to the process holding
// the fewest connections; each process is otherwise a whole stratum process of its own (its coin
// work, outbox and extranonce1 prefix: see processConfig). A connection stays with its process for
// its life, so nothing about a miner is shared between processes.
import type { Worker } from 'node:cluster';
import { createServer, type Server, type Socket } from 'node:net';
import type { CoinWork, Logger } from '../coin/types.js';
import type { LimitsConfig } from '../config.js';
import { IpGuard } from './ip-guard.js';
import { listen } from './listen.js';
import { normalizeIp } from './session.js';

/** Primary → process: a connection on the index-th configured port, admitted for `ip` (the socket rides along). */
export interface HandOver {
  hashpool: 'connection';
  listener: number;
  ip: string;
}

/**
 * Process → primary: a connection of `ip` ended, `ip` sent too many invalid shares, or the process
 * serves `coin` now (its node gave the first template: the primary opens the coin's ports at the
 * first such report and hands the coin's connections only to processes that sent it).
 */
export type ProcessReport =
  /** `listener`: the configured port's index, as handed over (its connections count towards maxConnections). */
  | { hashpool: 'released'; ip: string; listener: number }
  | { hashpool: 'ban'; ip: string; seconds: number }
  | { hashpool: 'serving'; coin: string }
  | NewBlock
  /** The process cannot go on (a payout address its node refuses, a port it cannot open): starting it again would fail again. */
  | { hashpool: 'fatal'; error: string };

/**
 * Process 0 → primary → every other process: process 0, the only one long-polling the nodes, got
 * work on a new block (`prevHash` as its job names it). A process whose work is not on that block
 * yet fetches a template at once instead of at its next once-a-second check.
 */
export interface NewBlock {
  hashpool: 'new-block';
  coin: string;
  prevHash: string;
}

export function isNewBlock(m: unknown): m is NewBlock {
  const r = m as NewBlock | null;
  return typeof r === 'object' && r !== null && r.hashpool === 'new-block' && typeof r.coin === 'string' && typeof r.prevHash === 'string';
}

/** A process's side of NewBlock: the coin's work refreshed unless it already is on that block. */
export function followNewBlock(coins: CoinWork[], m: NewBlock): void {
  const work = coins.find((w) => w.coin === m.coin);
  if (work && work.currentJob()?.prevHash !== m.prevHash) work.refreshWork();
}

/**
 * Process → primary, once its server is started and it adopts what is handed over: until then the
 * primary hands it nothing (a socket sent earlier would wait unanswered, its slot held).
 */
export const READY = { hashpool: 'ready' } as const;

export function isReady(m: unknown): boolean {
  return typeof m === 'object' && m !== null && (m as { hashpool?: unknown }).hashpool === 'ready';
}

export function isHandOver(m: unknown): m is HandOver {
  return typeof m === 'object' && m !== null && (m as HandOver).hashpool === 'connection';
}

function isReport(m: unknown): m is ProcessReport {
  const r = m as ProcessReport | null;
  if (typeof r !== 'object' || r === null) return false;
  if (r.hashpool === 'serving') return typeof r.coin === 'string';
  if (r.hashpool === 'new-block') return isNewBlock(r);
  if (r.hashpool === 'fatal') return typeof r.error === 'string';
  if (r.hashpool === 'released') return typeof r.ip === 'string' && Number.isInteger(r.listener);
  return r.hashpool === 'ban' && typeof r.ip === 'string';
}

interface Member {
  worker: Worker;
  /** Said it is ready: only then does it get connections (a restarted one starts without). */
  ready: boolean;
  /** The coins it said it serves: it gets only their connections (a restarted one starts with none). */
  coins: Set<string>;
  connections: number;
  /** Slots this process holds per IP: given back at once if the process dies. */
  ips: Map<string, number>;
  /** Its connections per configured port (index), for maxConnections. */
  perPort: number[];
}

/** A process that dies sooner than this after its start counts towards a crash loop. */
const QUICK_DEATH_MS = 30_000;
/** The longest restart pause, as a multiple of the first (1 s → 64 s). */
const MAX_RESTART_FACTOR = 64;

export interface ProcessGroupOptions {
  /** Every configured port with its coin, in configuration order (a hand-over names the index). */
  ports: Array<{ coin: string; port: number }>;
  host: string;
  limits: LimitsConfig;
  processes: number;
  /** Starts process `index` (cluster.fork with its index in the environment). */
  fork(index: number): Worker;
  log: Logger;
  now?: () => number;
  /** Pause before a dead process is started again, doubled at each death soon after its start (default 1 s, at most 64 s). */
  restartDelayMs?: number;
  /** A coin's ports just opened (the announcement of endpoints follows them). */
  onServing?(coin: string): void;
  /** A process reported it cannot go on: it is not started again; the instance should stop. */
  onFatal?(index: number, error: string): void;
}

export class ProcessGroup {
  private readonly members: Array<Member | undefined> = [];
  /** By configured port index; a coin's are opened when the first process serves it. */
  private readonly servers: Array<Server | undefined> = [];
  private readonly opening = new Set<string>();
  private readonly opened = new Set<string>();
  private readonly everyCoin: Promise<void>;
  private settleEveryCoin!: (err?: unknown) => void;
  private readonly guard: IpGuard;
  private readonly now: () => number;
  private sweepTimer: NodeJS.Timeout | undefined;
  private stopping = false;
  /** A process reported a fatal error: none is started again (the instance is stopping). */
  private fatal = false;
  /** Per process index: deaths in a row, each soon after its start (a crash loop). */
  private readonly quickDeaths: number[] = [];

  constructor(private readonly opts: ProcessGroupOptions) {
    this.guard = new IpGuard(opts.limits.maxConnectionsPerIp);
    this.now = opts.now ?? Date.now;
    this.everyCoin = new Promise<void>((resolve, reject) => {
      this.settleEveryCoin = (err) => (err === undefined ? resolve() : reject(err));
    });
    // Nobody may be waiting when a port fails to open: the rejection is still handled by whoever awaits serving().
    this.everyCoin.catch(() => undefined);
  }

  /**
   * Starts the processes and waits until each says it is ready. Ports open per coin afterwards, as
   * processes report they serve it: serving() tells when all are open.
   */
  async start(ready: (worker: Worker) => Promise<void>): Promise<void> {
    await Promise.all(Array.from({ length: this.opts.processes }, (_, i) => ready(this.spawn(i))));
    this.sweepTimer = setInterval(() => this.guard.sweep(this.now()), 1000);
    this.sweepTimer.unref();
  }

  /** Resolves once every coin's ports are open; rejects when one cannot be opened (taken, not permitted). */
  serving(): Promise<void> {
    return this.everyCoin;
  }

  /** The coins whose ports are open, in configuration order. */
  served(): string[] {
    return [...new Set(this.opts.ports.map((p) => p.coin))].filter((coin) => this.opened.has(coin));
  }

  /** The ports as opened (a port configured as 0 gets one from the system; 0 while its coin is not served). */
  ports(): number[] {
    return this.opts.ports.map((_, i) => {
      const a = this.servers[i]?.address();
      return typeof a === 'object' && a ? a.port : 0;
    });
  }

  connectionCount(): number {
    return this.members.reduce((n, m) => n + (m?.connections ?? 0), 0);
  }

  workers(): Worker[] {
    return this.members.flatMap((m) => (m ? [m.worker] : []));
  }

  /** Closes the ports and stops every process gracefully (each sends its miners client.reconnect). */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    for (const s of this.servers) s?.close();
    await Promise.all(
      this.workers().map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
  }

  private spawn(index: number): Worker {
    const worker = this.opts.fork(index);
    const member: Member = { worker, ready: false, coins: new Set(), connections: 0, ips: new Map(), perPort: [] };
    const startedAt = this.now();
    this.members[index] = member;
    worker.on('message', (m: unknown) => {
      if (isReady(m)) member.ready = true;
      if (!isReport(m)) return;
      if (m.hashpool === 'released') this.release(member, m.ip, m.listener);
      else if (m.hashpool === 'ban') this.guard.ban(m.ip, m.seconds, this.now());
      else if (m.hashpool === 'fatal') {
        this.fatal = true;
        this.opts.onFatal?.(index, m.error);
      } else if (m.hashpool === 'new-block') {
        // With a callback: a process that went away meanwhile is an error passed to it, not an 'error' event nobody handles.
        for (const other of this.members) if (other && other !== member && other.worker.isConnected()) other.worker.send(m, () => undefined);
      } else {
        member.coins.add(m.coin);
        this.open(m.coin);
      }
    });
    worker.once('exit', (code, signal) => {
      member.ready = false;
      for (const [ip, n] of member.ips) for (let i = 0; i < n; i++) this.guard.release(ip);
      member.ips.clear();
      member.connections = 0;
      member.perPort = [];
      if (this.members[index] === member) this.members[index] = undefined;
      if (this.stopping || this.fatal) return;
      // Its miners reconnect and land on the others meanwhile; the process comes back with its
      // outbox (what it answered is on disk) after a pause. A process that keeps dying soon after
      // its start (a full disk, a bad node answer) waits twice as long each time, so a crash loop
      // neither spins the machine nor floods the log; one that ran a while starts again at once.
      const quick = this.now() - startedAt < QUICK_DEATH_MS;
      this.quickDeaths[index] = quick ? (this.quickDeaths[index] ?? 0) + 1 : 1;
      const base = this.opts.restartDelayMs ?? 1000;
      const delayMs = Math.min(base * 2 ** (this.quickDeaths[index]! - 1), base * MAX_RESTART_FACTOR);
      this.opts.log.error('stratum process died: starting it again', { process: index, code, signal, inMs: delayMs });
      setTimeout(() => {
        if (!this.stopping) this.spawn(index);
      }, delayMs).unref();
    });
    return worker;
  }

  /** Opens the coin's ports (once, at its first serving report). */
  private open(coin: string): void {
    if (this.opening.has(coin) || this.stopping || !this.opts.ports.some((p) => p.coin === coin)) return;
    this.opening.add(coin);
    (async () => {
      for (const [index, { coin: c, port }] of this.opts.ports.entries()) {
        if (c !== coin) continue;
        // pauseOnConnect: the primary reads nothing, so every byte reaches the process that serves it.
        // No server.maxConnections here: a socket handed to a process leaves the server's count at
        // once, so it would bound nothing. accept() counts the port's connections in the processes.
        const server = createServer({ pauseOnConnect: true }, (socket) => this.accept(index, socket));
        await listen(server, port, this.opts.host, { log: this.opts.log, fields: { coin, port }, wanted: () => !this.stopping });
        this.servers[index] = server;
        if (this.stopping) server.close();
        this.opts.log.info('stratum port open', { coin, port, processes: this.opts.processes });
      }
    })().then(
      () => {
        this.opened.add(coin);
        if (this.stopping) return;
        this.opts.onServing?.(coin);
        if (this.opened.size === new Set(this.opts.ports.map((p) => p.coin)).size) this.settleEveryCoin();
      },
      (err: unknown) => this.settleEveryCoin(err),
    );
  }

  private accept(index: number, socket: Socket): void {
    const ip = normalizeIp(socket.remoteAddress ?? '');
    const target = this.leastLoaded(this.opts.ports[index]!.coin);
    if (this.stopping || !target || this.portConnections(index) >= this.opts.limits.maxConnections || this.guard.banned(ip, this.now()) || !this.guard.acquire(ip)) {
      socket.destroy();
      return;
    }
    target.connections += 1;
    target.ips.set(ip, (target.ips.get(ip) ?? 0) + 1);
    target.perPort[index] = (target.perPort[index] ?? 0) + 1;
    const handOver: HandOver = { hashpool: 'connection', listener: index, ip };
    target.worker.send(handOver, socket, (err) => {
      if (!err) return;
      // The process went away between the choice and the send: the miner reconnects.
      socket.destroy();
      this.release(target, ip, index);
    });
  }

  /** The connections of the index-th configured port, over all processes. */
  private portConnections(index: number): number {
    let n = 0;
    for (const m of this.members) n += m?.perPort[index] ?? 0;
    return n;
  }

  private release(member: Member, ip: string, port: number): void {
    const held = member.ips.get(ip);
    if (!held) return;
    if (held <= 1) member.ips.delete(ip);
    else member.ips.set(ip, held - 1);
    member.connections -= 1;
    if (member.perPort[port]) member.perPort[port] -= 1;
    this.guard.release(ip);
  }

  /**
   * Among the ready processes serving the coin: a restarted one holds no connections and would take
   * every new one while still recovering its outbox and starting its coin work, with nobody
   * answering them.
   */
  private leastLoaded(coin: string): Member | undefined {
    let best: Member | undefined;
    for (const m of this.members) if (m && m.ready && m.coins.has(coin) && m.worker.isConnected() && (!best || m.connections < best.connections)) best = m;
    return best;
  }
}
