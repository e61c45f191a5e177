// The parent's handle on the load-generator threads: starts them (TypeScript through tsx's CommonJS
// hook, since Node 20 does not pass `--import tsx` on to worker threads), splits the connections
// between them and gathers what they report.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerCommand, WorkerReply } from './load-worker.js';

const require = createRequire(import.meta.url);

export class LoadGenerator {
  private readonly workers: Worker[];

  constructor(threads: number) {
    const tsx = require.resolve('tsx/cjs/api');
    const file = fileURLToPath(new URL('./load-worker.ts', import.meta.url));
    const boot = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(file)});`;
    this.workers = Array.from({ length: threads }, () => new Worker(boot, { eval: true }));
  }

  get threads(): number {
    return this.workers.length;
  }

  /** Opens `count` connections to `port`, `perIp` per loopback address from 127.0.0.<firstOctet>. */
  async open(coin: string, port: number, count: number, perIp: number, firstOctet: number): Promise<{ opened: number; failures: string[] }> {
    const share = Math.ceil(count / this.workers.length);
    const replies = await this.all((i) => ({
      cmd: 'open',
      coin,
      port,
      first: i * share,
      count: Math.max(0, Math.min(share, count - i * share)),
      perIp,
      firstOctet,
      concurrency: 128,
    }));
    return {
      opened: replies.reduce((n, r) => n + (r.cmd === 'open' ? r.opened : 0), 0),
      failures: replies.flatMap((r) => (r.cmd === 'open' ? r.failures : [])),
    };
  }

  /** One load run over `active` connections in all; `rate` (shares/s in all) paces it. */
  async run(opts: { coin: string; active: number; seconds: number; window: number; rate?: number }) {
    const n = this.workers.length;
    const replies = await this.all(() => ({
      cmd: 'run',
      coin: opts.coin,
      active: Math.ceil(opts.active / n),
      seconds: opts.seconds,
      window: opts.window,
      ...(opts.rate !== undefined ? { rate: opts.rate / n } : {}),
    }));
    const runs = replies.flatMap((r) => (r.cmd === 'run' ? [r] : []));
    const codes: Record<number, number> = {};
    for (const r of runs) for (const [code, k] of Object.entries(r.codes)) codes[Number(code)] = (codes[Number(code)] ?? 0) + k;
    const latencies = runs.flatMap((r) => (r.latencies ? [...r.latencies] : []));
    return {
      answered: runs.reduce((k, r) => k + r.answered, 0),
      accepted: runs.reduce((k, r) => k + r.accepted, 0),
      unanswered: runs.reduce((k, r) => k + r.unanswered, 0),
      /** The worst of the threads' own event-loop delays. */
      loop: { p99Ms: Math.max(...runs.map((r) => r.loop.p99Ms)), maxMs: Math.max(...runs.map((r) => r.loop.maxMs)) },
      codes,
      latencies,
    };
  }

  async closeConnections(): Promise<void> {
    await this.all(() => ({ cmd: 'close' }));
  }

  async stop(): Promise<void> {
    await this.closeConnections();
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private all(command: (index: number) => WorkerCommand): Promise<WorkerReply[]> {
    return Promise.all(
      this.workers.map(
        (w, i) =>
          new Promise<WorkerReply>((resolve, reject) => {
            const onError = (err: Error) => reject(err);
            w.once('error', onError);
            w.once('message', (reply: WorkerReply) => {
              w.off('error', onError);
              resolve(reply);
            });
            w.postMessage(command(i));
          }),
      ),
    );
  }
}
