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

const waiting: Job[] = [];
const threads: HashThread[] = [];
let dispatchScheduled = false;
let sent = 0;

/** Hashes handed to a thread or waiting for one (the share outbox holds its write while there are). */
export function hashesInFlight(): number {
  return sent + waiting.length;
}

export function scryptHeader(header: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    waiting.push({ header, resolve, reject });
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
    if (!waiting.length || !open.length) return;
    const size = Math.min(MAX_BATCH, Math.ceil(waiting.length / open.length));
    const thread = open.reduce((a, b) => (b.batches.length < a.batches.length ? b : a));
    const batch = waiting.splice(0, size);
    // Its own memory, not Buffer's shared pool: the block is handed over (transferred) whole.
    const headers = new Uint8Array(batch.length * HEADER);
    batch.forEach((job, i) => headers.set(job.header, i * HEADER));
    if (!thread.batches.length) thread.worker.ref();
    thread.batches.push(batch);
    sent += batch.length;
    thread.worker.postMessage(headers, [headers.buffer]);
  }
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
    if (waiting.length) dispatch();
  };
  thread.worker.on('error', fail);
  thread.worker.on('exit', (code) => fail(new Error(`scrypt thread exited (${code})`)));
  return thread;
}
