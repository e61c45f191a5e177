// A load-generator thread (node:worker_threads): holds its share of the connections and, when told,
// submits shares on some of them, either as fast as the server answers (a fixed number in flight
// per connection) or at a fixed rate (paced every millisecond, whatever the answers do), and
// reports the answers it got and, for a paced run, every submit-to-answer time.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { LoadConnection, type AnswerSink } from './load-connection.js';

export type WorkerCommand =
  | { cmd: 'open'; coin: string; port: number; first: number; count: number; perIp: number; firstOctet: number; concurrency: number }
  | { cmd: 'run'; coin: string; active: number; seconds: number; window: number; rate?: number }
  | { cmd: 'close' };

export type WorkerReply =
  | { cmd: 'open'; opened: number; failures: string[] }
  | { cmd: 'run'; answered: number; accepted: number; codes: Record<number, number>; latencies?: Float64Array; unanswered: number; loop: LoopDelay }
  | { cmd: 'close' };

/**
 * This thread's own event-loop delay over a run (ms): an answer read late by the generator counts
 * as latency it did not have on the wire, so the parent prints it beside the figure.
 */
export interface LoopDelay {
  p99Ms: number;
  maxMs: number;
}

const port = parentPort!;
const connections = new Map<string, LoadConnection[]>();

async function open(c: Extract<WorkerCommand, { cmd: 'open' }>): Promise<WorkerReply> {
  const failures: string[] = [];
  const mine = connections.get(c.coin) ?? [];
  connections.set(c.coin, mine);
  let opened = 0;
  let next = 0;
  // Logins `concurrency` at a time: a burst of 10,000 SYNs overflows the listen backlog.
  const lane = async () => {
    while (next < c.count) {
      const index = c.first + next++;
      const octet = c.firstOctet + Math.floor(index / c.perIp);
      let fail: (reason: string) => void = () => undefined;
      const failed = new Promise<string>((resolve) => (fail = resolve));
      const conn = new LoadConnection(c.port, `127.0.0.${octet}`, `benchfarm.w${index}`, (reason) => fail(reason));
      const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('no job within 30 s'), 30_000).unref());
      const outcome = await Promise.race([conn.ready.then(() => 'ok'), failed, timeout]);
      if (outcome === 'ok') {
        mine.push(conn);
        opened++;
      } else {
        conn.close();
        if (failures.length < 5) failures.push(outcome);
      }
    }
  };
  await Promise.all(Array.from({ length: c.concurrency }, lane));
  return { cmd: 'open', opened, failures };
}

async function run(c: Extract<WorkerCommand, { cmd: 'run' }>): Promise<WorkerReply> {
  const active = (connections.get(c.coin) ?? []).filter((x) => !x.closed).slice(0, c.active);
  let answered = 0;
  let accepted = 0;
  const codes: Record<number, number> = {};
  let latencies: number[] | undefined = c.rate === undefined ? undefined : [];
  let running = true;
  const started = performance.now();
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const sinkFor = (conn: LoadConnection): AnswerSink => ({
    answer(ok, code, ms) {
      answered++;
      if (ok) accepted++;
      else codes[code] = (codes[code] ?? 0) + 1;
      latencies?.push(ms);
      // As fast as possible: every answer frees a slot, refilled at once.
      if (running && c.rate === undefined) conn.submit(1);
    },
  });
  for (const conn of active) conn.sink = sinkFor(conn);

  if (c.rate === undefined) {
    for (const conn of active) conn.submit(c.window);
    await new Promise((resolve) => setTimeout(resolve, c.seconds * 1000));
  } else {
    // Paced: by now `rate × elapsed` shares should have been sent; the missing ones go out in
    // turn over the connections, one write per connection per tick.
    const rate = c.rate;
    let sent = 0;
    let turn = 0;
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        const elapsed = (performance.now() - started) / 1000;
        if (elapsed >= c.seconds) {
          clearInterval(tick);
          resolve();
          return;
        }
        const due = Math.floor(rate * elapsed) - sent;
        if (due <= 0 || !active.length) return;
        const per = new Map<LoadConnection, number>();
        for (let i = 0; i < due; i++) {
          const conn = active[turn++ % active.length]!;
          per.set(conn, (per.get(conn) ?? 0) + 1);
        }
        for (const [conn, n] of per) conn.submit(n);
        sent += due;
      }, 1);
    });
  }
  running = false;
  loop.disable();
  // Answers still on their way belong to this run: wait for them (a bounded time).
  const until = performance.now() + 5000;
  while (active.some((x) => x.outstanding.size > 0 && !x.closed) && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  let unanswered = 0;
  for (const conn of active) {
    unanswered += conn.outstanding.size;
    conn.outstanding.clear();
    conn.sink = undefined;
  }
  const out = latencies ? Float64Array.from(latencies) : undefined;
  latencies = undefined;
  const delay = { p99Ms: loop.percentile(99) / 1e6, maxMs: loop.max / 1e6 };
  return { cmd: 'run', answered, accepted, codes, unanswered, loop: delay, ...(out ? { latencies: out } : {}) };
}

port.on('message', (c: WorkerCommand) => {
  void (async () => {
    let reply: WorkerReply;
    if (c.cmd === 'open') reply = await open(c);
    else if (c.cmd === 'run') reply = await run(c);
    else {
      for (const list of connections.values()) for (const conn of list) conn.close();
      connections.clear();
      reply = { cmd: 'close' };
    }
    port.postMessage(reply, reply.cmd === 'run' && reply.latencies ? [reply.latencies.buffer as ArrayBuffer] : []);
  })();
});
