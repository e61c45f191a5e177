// Litecoin's scrypt (N=1024, r=1, p=1) off the event loop. One hash costs about a quarter of a
// millisecond of CPU: on the event loop it stalls every connection of the process for that long and
// keeps the process on one core (bench:stratum measured ~2,300 checks/s that way at 100 % of a core).
//
// In worker threads, one per core, with the headers of a turn handed over together: a thread hashes
// a batch (up to MAX_BATCH headers) with scryptSync and answers it in one message. Why not libuv's
// thread pool (crypto.scrypt), as before: every hash there is a hand-over and an answer of its own,
// two thread wake-ups and an event-loop turn per share, and the pool's hashing threads never kept
// both cores busy. 8,000 hashes in one process on the 2-core machine (1 December, twice each):
// crypto.scrypt with 3 in flight 5,841 and 6,154/s at 169-171 % CPU; two threads with batches of 16
// 7,457 and 7,583/s at 196 %. The outbox's disk writes no longer share threads with the hashes.
//
// Fair between sources (a connection's IP group, ip-guard.ts): the hashes waiting are taken one
// per source in turn, not in arrival order. One IP may hold 256 connections with 64 checks each in
// flight, 16,384 hashes, about 2 s of both cores; in one line every other miner's share (a block
// candidate among them) waited behind them. In turns, a source with one share waits for the
// hashes already handed to the threads (at most THREADS x QUEUED_PER_THREAD x MAX_BATCH) and at
// most one of each other source.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const HEADER = 80;
const HASH = 32;
/** Headers per message: enough to amortize a hand-over, few enough to spread a turn over the threads. */
const MAX_BATCH = 16;
/** Batches given to a thread before its answers: the next one waits there while one is hashed. */
const QUEUED_PER_THREAD = 2;
const THREADS = Math.max(1, availableParallelism());

// Plain JavaScript, evaluated (no module to resolve in a built or a tsx-run process alike).
const THREAD_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', (headers) => {
  const count = headers.length / ${HEADER};
  const out = new Uint8Array(count * ${HASH});
  for (let i = 0; i < count; i++) {
    const header = headers.subarray(i * ${HEADER}, (i + 1) * ${HEADER});
    out.set(scryptSync(header, header, ${HASH}, { N: 1024, r: 1, p: 1 }), i * ${HASH});
  }
  parentPort.postMessage(out, [out.buffer]);
});`;

interface Job {
  header: Buffer;
  resolve: (hash: Buffer) => void;
  reject: (err: Error) => void;
}

interface HashThread {
  worker: Worker;
  /** Batches sent and not answered, oldest first (a thread answers in order). */
  batches: Job[][];
}

/** A source's hashes waiting for a thread, oldest first from `head` (no O(n) shift per hash). */
interface SourceQueue {
  jobs: Job[];
  head: number;
}

/** By source, in turn order: the next hash is the first source's; a source served goes to the end. */
const waiting = new Map<string, SourceQueue>();
let waitingCount = 0;
const threads: HashThread[] = [];
let dispatchScheduled = false;
let sent = 0;

/** Hashes handed to a thread or waiting for one (the share outbox holds its write while there are). */
export function hashesInFlight(): number {
  return sent + waitingCount;
}

/** The Scrypt hash of a header, off the event loop; `source` is whose check it is (see the fairness note above). */
export function scryptHeader(header: Buffer, source = ''): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const queue = waiting.get(source);
    if (queue) queue.jobs.push({ header, resolve, reject });
    else waiting.set(source, { jobs: [{ header, resolve, reject }], head: 0 });
    waitingCount += 1;
    // At the end of the turn: the headers of all the turn's shares go out together.
    if (!dispatchScheduled) {
      dispatchScheduled = true;
      setImmediate(() => {
        dispatchScheduled = false;
        dispatch();
      });
    }
  });
}

/** Hands what is waiting to the threads with room, evenly, up to MAX_BATCH a message. */
function dispatch(): void {
  while (threads.length < THREADS) threads.push(startThread());
  for (;;) {
    const open = threads.filter((t) => t.batches.length < QUEUED_PER_THREAD);
    if (!waitingCount || !open.length) return;
    const size = Math.min(MAX_BATCH, Math.ceil(waitingCount / open.length));
    const thread = open.reduce((a, b) => (b.batches.length < a.batches.length ? b : a));
    const batch = takeInTurn(size);
    // Its own memory, not Buffer's shared pool: the block is handed over (transferred) whole.
    const headers = new Uint8Array(batch.length * HEADER);
    batch.forEach((job, i) => headers.set(job.header, i * HEADER));
    if (!thread.batches.length) thread.worker.ref();
    thread.batches.push(batch);
    sent += batch.length;
    thread.worker.postMessage(headers, [headers.buffer]);
  }
}

/** Up to `size` waiting hashes, one per source in turn order; each source served moves to the end. */
function takeInTurn(size: number): Job[] {
  const batch: Job[] = [];
  while (batch.length < size && waitingCount > 0) {
    const [source, queue] = waiting.entries().next().value as [string, SourceQueue];
    batch.push(queue.jobs[queue.head]!);
    queue.jobs[queue.head++] = undefined as unknown as Job; // its header and promise can be collected
    waitingCount -= 1;
    waiting.delete(source);
    if (queue.head === queue.jobs.length) continue;
    // A source that never runs dry (a busy farm) would grow its array forever: drop the taken part.
    if (queue.head >= 1024 && queue.head * 2 >= queue.jobs.length) {
      queue.jobs = queue.jobs.slice(queue.head);
      queue.head = 0;
    }
    waiting.set(source, queue);
  }
  return batch;
}

function startThread(): HashThread {
  const thread: HashThread = { worker: new Worker(THREAD_SOURCE, { eval: true }), batches: [] };
  thread.worker.unref(); // an idle thread never keeps the process alive; a busy one does (dispatch)
  thread.worker.on('message', (hashes: Uint8Array) => {
    const batch = thread.batches.shift();
    if (!batch) return;
    sent -= batch.length;
    if (!thread.batches.length) thread.worker.unref();
    batch.forEach((job, i) => job.resolve(Buffer.from(hashes.buffer, hashes.byteOffset + i * HASH, HASH)));
    dispatch();
  });
  const fail = (err: Error) => {
    const index = threads.indexOf(thread);
    if (index < 0) return;
    threads.splice(index, 1);
    for (const batch of thread.batches.splice(0)) {
      sent -= batch.length;
      for (const job of batch) job.reject(err);
    }
    // The shares waiting go to the other threads, or to a new one.
    if (waitingCount) dispatch();
  };
  thread.worker.on('error', fail);
  thread.worker.on('exit', (code) => fail(new Error(`scrypt thread exited (${code})`)));
  return thread;
}
