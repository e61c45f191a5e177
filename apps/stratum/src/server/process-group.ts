// One stratum instance as several processes on one machine (the `processes` setting): Node runs
// JavaScript on one core per process, and a share check is CPU work, so one process per core is
// how the instance uses the machine. The primary process opens the ports, admits each connection
// (the per-IP limit and bans, for all processes together), and hands it to the process holding
// the fewest connections; each process is otherwise a whole stratum process of its own (its coin
// work, outbox and extranonce1 prefix: see processConfig). A connection stays with its process for
// its life, so nothing about a miner is shared between processes.
import type { Worker } from 'node:cluster';
import { createServer, type Server, type Socket } from 'node:net';
import type { Logger } from '../coin/types.js';
import type { LimitsConfig } from '../config.js';
import { IpGuard } from './ip-guard.js';
import { normalizeIp } from './session.js';

/** Primary → process: a connection on the index-th configured port, admitted for `ip` (the socket rides along). */
export interface HandOver {
  hashpool: 'connection';
  listener: number;
  ip: string;
}

/** Process → primary: a connection of `ip` ended, or `ip` sent too many invalid shares. */
export type ProcessReport = { hashpool: 'released'; ip: string } | { hashpool: 'ban'; ip: string; seconds: number };

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
  return typeof r === 'object' && r !== null && (r.hashpool === 'released' || r.hashpool === 'ban') && typeof r.ip === 'string';
}

interface Member {
  worker: Worker;
  /** Said it is ready: only then does it get connections (a restarted one starts without). */
  ready: boolean;
  connections: number;
  /** Slots this process holds per IP: given back at once if the process dies. */
  ips: Map<string, number>;
}

export interface ProcessGroupOptions {
  ports: number[];
  host: string;
  limits: LimitsConfig;
  processes: number;
  /** Starts process `index` (cluster.fork with its index in the environment). */
  fork(index: number): Worker;
  log: Logger;
  now?: () => number;
}

export class ProcessGroup {
  private readonly members: Array<Member | undefined> = [];
  private readonly servers: Server[] = [];
  private readonly guard: IpGuard;
  private readonly now: () => number;
  private sweepTimer: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(private readonly opts: ProcessGroupOptions) {
    this.guard = new IpGuard(opts.limits.maxConnectionsPerIp);
    this.now = opts.now ?? Date.now;
  }

  /** Starts the processes, waits until each says it is ready, then opens the ports. */
  async start(ready: (worker: Worker) => Promise<void>): Promise<void> {
    await Promise.all(Array.from({ length: this.opts.processes }, (_, i) => ready(this.spawn(i))));
    for (const [index, port] of this.opts.ports.entries()) {
      // pauseOnConnect: the primary reads nothing, so every byte reaches the process that serves it.
      const server = createServer({ pauseOnConnect: true }, (socket) => this.accept(index, socket));
      server.maxConnections = this.opts.limits.maxConnections;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, this.opts.host, () => resolve());
      });
      this.servers.push(server);
      this.opts.log.info('stratum port open', { port, processes: this.opts.processes });
    }
    this.sweepTimer = setInterval(() => this.guard.sweep(this.now()), 1000);
    this.sweepTimer.unref();
  }

  /** The ports as opened (a port configured as 0 gets one from the system). */
  ports(): number[] {
    return this.servers.map((s) => {
      const a = s.address();
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
    for (const s of this.servers) s.close();
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
    const member: Member = { worker, ready: false, connections: 0, ips: new Map() };
    this.members[index] = member;
    worker.on('message', (m: unknown) => {
      if (isReady(m)) member.ready = true;
      if (!isReport(m)) return;
      if (m.hashpool === 'released') this.release(member, m.ip);
      else this.guard.ban(m.ip, m.seconds, this.now());
    });
    worker.once('exit', (code, signal) => {
      member.ready = false;
      for (const [ip, n] of member.ips) for (let i = 0; i < n; i++) this.guard.release(ip);
      member.ips.clear();
      member.connections = 0;
      if (this.members[index] === member) this.members[index] = undefined;
      if (this.stopping) return;
      // Its miners reconnect and land on the others meanwhile; the process comes back with its
      // outbox (what it answered is on disk) after a pause, so a crash loop does not spin.
      this.opts.log.error('stratum process died: starting it again', { process: index, code, signal });
      setTimeout(() => {
        if (!this.stopping) this.spawn(index);
      }, 1000).unref();
    });
    return worker;
  }

  private accept(index: number, socket: Socket): void {
    const ip = normalizeIp(socket.remoteAddress ?? '');
    const target = this.leastLoaded();
    if (this.stopping || !target || this.guard.banned(ip, this.now()) || !this.guard.acquire(ip)) {
      socket.destroy();
      return;
    }
    target.connections += 1;
    target.ips.set(ip, (target.ips.get(ip) ?? 0) + 1);
    const handOver: HandOver = { hashpool: 'connection', listener: index, ip };
    target.worker.send(handOver, socket, (err) => {
      if (!err) return;
      // The process went away between the choice and the send: the miner reconnects.
      socket.destroy();
      this.release(target, ip);
    });
  }

  private release(member: Member, ip: string): void {
    const held = member.ips.get(ip);
    if (!held) return;
    if (held <= 1) member.ips.delete(ip);
    else member.ips.set(ip, held - 1);
    member.connections -= 1;
    this.guard.release(ip);
  }

  /**
   * Among the ready processes: a restarted one holds no connections and would take every new one
   * while still recovering its outbox and starting its coin work, with nobody answering them.
   */
  private leastLoaded(): Member | undefined {
    let best: Member | undefined;
    for (const m of this.members) if (m && m.ready && m.worker.isConnected() && (!best || m.connections < best.connections)) best = m;
    return best;
  }
}
