// bench:stratum — the stratum server under load, figures printed (not a timed test):
//   1. connections held and the server's memory per connection (goal 10,000, < 20 KB each);
//   2. SHA-256d shares checked per second (goal ≥ 50,000/s on the 2-core machine);
//   3. p99 from submit to answer at half that rate (goal < 10 ms);
//   4. Scrypt shares checked per second (goal ≥ 5,000/s).
// The server (the real StratumServer, share checker and disk outbox: bench/server-process.ts) runs
// in a child process whose memory and CPU it reports itself; the load generator runs in worker
// threads of this process (bench/load-worker.ts) and speaks Stratum V1 over loopback TCP, spread
// over 127.0.0.2… so that no address holds more than the default 256 connections per IP.
// Shares are real: the server rebuilds coinbase, merkle root and header and hashes them. The ports
// have a fixed stratum difficulty of 2^-32, which nearly every hash meets: a share answered "low
// difficulty" (about 1 in 65,536) was hashed and checked all the same, and is counted.
//   npm run bench:stratum -- [--connections 10000] [--threads 2] [--runs 3] [--seconds 4]
//     [--active 400] [--window 8] [--transactions 0] [--scrypt-connections 32] [--processes <cores>]
//     [--only sha256d,latency,scrypt,direct] [--rate <paced shares/s for latency>]  (connections always)
//   BENCH_CPU_PROF=<dir> writes a CPU profile of the server process there (node --cpu-prof);
//   BENCH_SERVER_FLAGS='--trace-gc …' passes Node flags to the server's processes.
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { LoadGenerator } from './bench/load-generator.js';
import type { ServerMessage, ServerRequest, ServerSettings } from './bench/server-process.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} needs a number`);
  return value;
}

const CONNECTIONS = arg('connections', 10_000);
const THREADS = arg('threads', 2);
const RUNS = arg('runs', 3);
const SECONDS = arg('seconds', 4);
const ACTIVE = arg('active', 400);
const WINDOW = arg('window', 8);
const TRANSACTIONS = arg('transactions', 0);
const SCRYPT_CONNECTIONS = arg('scrypt-connections', 32);
// One stratum process per core, as the operator guide advises (`processes` in the configuration).
const PROCESSES = arg('processes', availableParallelism());
const ONLY = (() => {
  const i = process.argv.indexOf('--only');
  return i < 0 ? undefined : new Set(process.argv[i + 1]!.split(','));
})();
const runs = (part: string) => !ONLY || ONLY.has(part);
const PER_IP = 200; // under the default maxConnectionsPerIp of 256
const DIFFICULTY = 2 ** -32;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const percentile = (xs: number[], p: number) => {
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] ?? NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const busy = (share: number | undefined) => (share === undefined ? '' : `; machine ${(share * 100).toFixed(0)} % busy`);

// Both processes hold one descriptor per connection.
const openFiles = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
let connections = CONNECTIONS;
if (Number.isFinite(openFiles) && openFiles < CONNECTIONS + SCRYPT_CONNECTIONS + 256) {
  connections = Math.max(0, openFiles - SCRYPT_CONNECTIONS - 256);
  console.log(`ulimit -n is ${openFiles}: holding ${connections} connections instead of ${CONNECTIONS} (raise it with \`ulimit -n 65536\`)`);
}

// --- the server process ------------------------------------------------------------------------
const settings: ServerSettings = { transactions: TRANSACTIONS, difficulty: DIFFICULTY, processes: PROCESSES };
const child: ChildProcess = fork(fileURLToPath(new URL('./bench/server-process.ts', import.meta.url)), {
  execArgv: ['--import', 'tsx', '--expose-gc', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []), ...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [])],
  env: { ...process.env, BENCH_STRATUM_SERVER: JSON.stringify(settings) },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const ask = <T extends ServerMessage['type']>(request: ServerRequest, type: T) =>
  new Promise<Extract<ServerMessage, { type: T }>>((resolve) => {
    const on = (m: ServerMessage) => {
      if (m.type !== type) return;
      child.off('message', on);
      resolve(m as Extract<ServerMessage, { type: T }>);
    };
    child.on('message', on);
    if (request.type !== 'stop') child.send(request);
  });
const ready = await new Promise<Extract<ServerMessage, { type: 'ready' }>>((resolve, reject) => {
  child.once('exit', (code) => reject(new Error(`the server process exited (${code})`)));
  child.on('message', (m: ServerMessage) => m.type === 'ready' && resolve(m));
});
const generator = new LoadGenerator(THREADS);
console.log(
  `stratum server: child process (pid ${child.pid}) with ${PROCESSES} process${PROCESSES > 1 ? 'es (a process group, as `processes` configures it)' : ''}, real share check and disk outbox in ${ready.outboxDir}; ` +
    `load generator: ${THREADS} worker threads; ${cpus().length} cores; ulimit -n ${openFiles}; load average ${loadavg()[0]!.toFixed(1)}`,
);
console.log(
  `job: merkle branch of ${ready.branch.btc} hashes (${TRANSACTIONS} template transactions); fixed share difficulty 2^-32: nearly every share is accepted, ` +
    `and the few answered "low difficulty" (error 23, about 1 in 65,536) were hashed and checked all the same and count as checked`,
);

/**
 * The whole machine's CPU time, busy and total, in clock ticks (Linux /proc/stat; undefined
 * elsewhere): the server, the load generator, the kernel's loopback TCP and the disk together.
 */
function machineTicks(): { busy: number; total: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    return { busy: total - fields[3]! - (fields[4] ?? 0), total }; // idle and iowait are not busy
  } catch {
    return undefined;
  }
}

/** Server-side shares checked and CPU seconds over one measured window of a load run. */
async function measuredRun(coin: 'btc' | 'ltc', opts: { active: number; window: number; rate?: number }) {
  const load = generator.run({ coin, active: opts.active, window: opts.window, seconds: SECONDS + 1.5, ...(opts.rate ? { rate: opts.rate } : {}) });
  await sleep(500);
  const a = await ask({ type: 'stats' }, 'stats');
  const generatorCpu = process.cpuUsage();
  const machineBefore = machineTicks();
  await sleep(SECONDS * 1000);
  const b = await ask({ type: 'stats' }, 'stats');
  const generatorUsed = process.cpuUsage(generatorCpu);
  const machineAfter = machineTicks();
  const answers = await load;
  const checked = (s: typeof a) => ['accepted', 'rejected', 'stale'].reduce((n, r) => n + (s.results[`${coin}:${r}`] ?? 0), 0);
  const seconds = (b.at - a.at) / 1000;
  return {
    perSecond: (checked(b) - checked(a)) / seconds,
    cpu: (b.cpuMicros - a.cpuMicros) / 1e6 / seconds,
    stalls: b.stalls,
    // This process: the load generator's threads (the main thread only waits).
    generatorCpu: (generatorUsed.user + generatorUsed.system) / 1e6 / seconds,
    /** Share of all the machine's cores busy (any process, the kernel included), when known. */
    machineBusy: machineBefore && machineAfter ? (machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total) : undefined,
    answers,
  };
}

try {
  // --- 1. connections and memory -----------------------------------------------------------------
  // A first round of connections opened and closed warms the code paths and pools, so the baseline
  // is that of a server that has already served (as in production) and the delta is per connection.
  await generator.open('btc', ready.ports.btc, Math.min(1000, connections), PER_IP, 2);
  await generator.closeConnections();
  await sleep(1000);
  const before = await ask({ type: 'memory' }, 'memory');
  const t0 = performance.now();
  const opened = await generator.open('btc', ready.ports.btc, connections, PER_IP, 2);
  const openSeconds = (performance.now() - t0) / 1000;
  await sleep(500);
  const after = await ask({ type: 'memory' }, 'memory');
  const held = after.connections;
  const rssPer = (after.rss - before.rss) / Math.max(1, held);
  const heapPer = (after.heapUsed + after.external - before.heapUsed - before.external) / Math.max(1, held);
  console.log(
    `connections: ${int(opened.opened)} logged in (subscribed, authorized, job received) in ${openSeconds.toFixed(1)} s over ${Math.ceil(connections / PER_IP)} loopback addresses; ` +
      `the server holds ${int(held)}` + (opened.failures.length ? `; failures: ${opened.failures.join('; ')}` : ''),
  );
  console.log(
    `memory: server RSS ${kb(before.rss)} → ${kb(after.rss)}, JS heap + external ${kb(before.heapUsed + before.external)} → ${kb(after.heapUsed + after.external)} (after full GC)`,
  );

  // --- 2. SHA-256d throughput --------------------------------------------------------------------
  const rates: number[] = [];
  const serverCpu: number[] = [];
  for (let r = 0; r < (runs('sha256d') ? RUNS : 0); r++) {
    const run = await measuredRun('btc', { active: ACTIVE, window: WINDOW });
    rates.push(run.perSecond);
    serverCpu.push(run.cpu);
    const rejected = Object.entries(run.answers.codes).map(([c, n]) => `${n} × error ${c}`).join(', ') || 'none';
    console.log(`  sha256d run ${r + 1}: ${int(run.perSecond)} shares/s checked by the server (server CPU ${(run.cpu * 100).toFixed(0)} % of a core, load generator ${(run.generatorCpu * 100).toFixed(0)} %${busy(run.machineBusy)}); answers ${int(run.answers.answered)}, not accepted: ${rejected}; load average ${loadavg()[0]!.toFixed(1)}`);
  }
  const sha = median(rates);
  const shaPerCpu = median(rates.map((r, i) => r / serverCpu[i]!));
  // Half the measured rate, or --rate when the throughput part did not run.
  const pace = arg('rate', 0) || sha / 2 || 25_000;

  // --- 3. latency at half that rate --------------------------------------------------------------
  const p99s: number[] = [];
  const p50s: number[] = [];
  const latencyBusy: number[] = [];
  // Without the throughput runs before it (--only latency), the first paced run met a cold server
  // (code not yet optimized, heap just collected in full for the memory figure) and its backlog
  // made it the worst run: one unmeasured run first, as the throughput runs would have been.
  if (runs('latency') && !rates.length) await measuredRun('btc', { active: ACTIVE, window: WINDOW, rate: pace });
  for (let r = 0; r < (runs('latency') ? RUNS : 0); r++) {
    const run = await measuredRun('btc', { active: ACTIVE, window: WINDOW, rate: pace });
    p99s.push(percentile(run.answers.latencies, 99));
    p50s.push(percentile(run.answers.latencies, 50));
    if (run.machineBusy !== undefined) latencyBusy.push(run.machineBusy);
    console.log(`  latency run ${r + 1}: ${int(run.perSecond)} shares/s (server CPU ${(run.cpu * 100).toFixed(0)} % of a core, load generator ${(run.generatorCpu * 100).toFixed(0)} %); p50 ${p50s.at(-1)!.toFixed(2)} ms, p99 ${p99s.at(-1)!.toFixed(2)} ms over ${int(run.answers.latencies.length)} answers (${run.answers.unanswered} unanswered); server GC ${int(run.stalls.gcMs)} ms (longest ${run.stalls.gcMaxMs.toFixed(1)}), event-loop delay p99 ${run.stalls.loopP99Ms.toFixed(1)} ms (longest ${run.stalls.loopMaxMs.toFixed(1)}), outbox write p99 ${run.stalls.diskP99Ms.toFixed(1)} ms (longest ${run.stalls.diskMaxMs.toFixed(1)}); load generator's event-loop delay p99 ${run.answers.loop.p99Ms.toFixed(1)} ms (longest ${run.answers.loop.maxMs.toFixed(1)})${busy(run.machineBusy)}; load average ${loadavg()[0]!.toFixed(1)}`);
  }

  // --- 4. Scrypt throughput ----------------------------------------------------------------------
  const scryptRates: number[] = [];
  const scryptCpu: number[] = [];
  if (runs('scrypt')) {
    const scryptOpened = await generator.open('ltc', ready.ports.ltc, SCRYPT_CONNECTIONS, PER_IP, 100);
    // The first Scrypt run met a cold server (its first Scrypt shares: code not yet optimized) and
    // checked about half what the next ones did: one unmeasured run first, as for the latency.
    await measuredRun('ltc', { active: SCRYPT_CONNECTIONS, window: WINDOW });
    for (let r = 0; r < RUNS; r++) {
      const run = await measuredRun('ltc', { active: SCRYPT_CONNECTIONS, window: WINDOW });
      scryptRates.push(run.perSecond);
      scryptCpu.push(run.cpu);
      console.log(`  scrypt run ${r + 1}: ${int(run.perSecond)} shares/s checked over ${scryptOpened.opened} connections (server CPU ${(run.cpu * 100).toFixed(0)} % of a core, load generator ${(run.generatorCpu * 100).toFixed(0)} %); load average ${loadavg()[0]!.toFixed(1)}`);
    }
  }
  const scrypt = median(scryptRates);

  // --- the check function alone, in the server process (no sockets, JSON or outbox) --------------
  const directSha: number[] = [];
  const directScrypt: number[] = [];
  for (let r = 0; r < (runs('direct') ? RUNS : 0); r++) {
    directSha.push((await ask({ type: 'direct', coin: 'btc', ms: 1000 }, 'direct')).perSecond);
    directScrypt.push((await ask({ type: 'direct', coin: 'ltc', ms: 1000 }, 'direct')).perSecond);
  }

  // --- summary -----------------------------------------------------------------------------------
  console.log(`\nbench:stratum — medians of ${RUNS} runs of ${SECONDS} s`);
  console.log(`connections held:            ${int(held)}  (goal 10,000: ${verdict(held >= 10_000)})`);
  console.log(`memory per connection (RSS): ${kb(rssPer)}  (goal < 20 KB: ${verdict(rssPer < 20 * 1024)}); JS heap + external ${kb(heapPer)}`);
  if (rates.length) console.log(`SHA-256d shares checked:     ${int(sha)}/s  (goal ≥ 50,000/s: ${verdict(sha >= 50_000)}); server CPU ${(median(serverCpu) * 100).toFixed(0)} % of one core (all its processes), ${int(shaPerCpu)} shares per server CPU-second`);
  if (p99s.length) console.log(`submit→answer at ${int(pace)}/s:  p99 ${median(p99s).toFixed(2)} ms, p50 ${median(p50s).toFixed(2)} ms  (goal p99 < 10 ms: ${verdict(median(p99s) < 10)})${latencyBusy.length ? `; the machine's cores ${(median(latencyBusy) * 100).toFixed(0)} % busy meanwhile (server, load generator, kernel: near 100 % every wait is a queue)` : ''}`);
  if (scryptRates.length) console.log(`Scrypt shares checked:       ${int(scrypt)}/s  (goal ≥ 5,000/s: ${verdict(scrypt >= 5_000)}); over sockets, like SHA-256d; server CPU ${(median(scryptCpu) * 100).toFixed(0)} % of one core, ${int(median(scryptRates.map((r, i) => r / scryptCpu[i]!)))} shares per server CPU-second`);
  if (directSha.length) console.log(`share check alone (ShareChecker.check in the server process, 1 s runs): SHA-256d ${int(median(directSha))}/s, Scrypt ${int(median(directScrypt))}/s`);
  console.log(`load average now ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores: figures are lower on a shared machine`);
} finally {
  await generator.stop().catch(() => undefined);
  child.send({ type: 'stop' } satisfies ServerRequest);
  await new Promise((resolve) => child.once('exit', resolve));
}
