// Reads share batch bodies (JSON or compact, then the check of each share) in decoder threads. Reading is
// most of ingestion's work per share, and one thread tops out below what a large pool sends
// (bench:ingest): with it in other threads the server's own thread only gathers the decoded
// columns and writes them, and the machine's other cores do the reading. Small bodies are read
// at once in this thread, where a hop to another thread would cost more than it saves.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { BodyDecode } from './share-batch';
import { decodeBody, type ShareEncoding } from './share-compact';
import { NameBook, type NumberedNames } from './share-names';

/** Bodies smaller than this are read in the calling thread. */
export const IN_THREAD_BYTES = 64 * 1024;

/** One thread fewer than the machine has cores (the server's own thread needs one), at least one. */
export const defaultDecoderThreads = () => Math.max(1, availableParallelism() - 1);

interface Thread {
  worker: Worker;
  /** Jobs sent and not answered: the next job goes to the thread with the fewest. */
  pending: Map<number, (r: BodyDecode | Error) => void>;
  /** The worker names this thread has sent. */
  names: NameBook;
}

// The server runs TypeScript through tsx; a thread needs it registered before loading its module.
const BOOT = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./share-decoder.worker.ts', import.meta.url).href)}); })`;

export class ShareDecoder {
  private threads: Thread[] = [];
  private nextId = 0;
  private closed = false;

  constructor(private readonly threadCount = defaultDecoderThreads()) {}

  /** Decodes one body; `now` is the ingestion clock's time, against which share times are checked. */
  decode(bytes: Uint8Array, now: number, encoding: ShareEncoding = 'json'): Promise<BodyDecode> {
    if (this.threadCount === 0 || bytes.byteLength < IN_THREAD_BYTES) return Promise.resolve(decodeBody(bytes, now, encoding));
    if (this.closed) return Promise.reject(new Error('share decoder is closed'));
    const thread = this.leastBusy();
    const id = this.nextId++;
    return new Promise<BodyDecode>((resolve, reject) => {
      thread.pending.set(id, (r) => (r instanceof Error ? reject(r) : resolve(r)));
      // The body's bytes are copied once into the message; the caller keeps its own.
      thread.worker.postMessage({ id, bytes, now, encoding });
    });
  }

  private leastBusy(): Thread {
    if (this.threads.length < this.threadCount) return this.start();
    return this.threads.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  private start(): Thread {
    const worker = new Worker(BOOT, { eval: true });
    worker.unref(); // an idle decoder never keeps the process alive
    const thread: Thread = { worker, pending: new Map(), names: new NameBook() };
    // A thread that fails takes its jobs with it: they fail (the sender retries the batch) and
    // the next body starts a new thread.
    const fail = (error: Error) => {
      this.threads = this.threads.filter((t) => t !== thread);
      for (const done of thread.pending.values()) done(error);
      thread.pending.clear();
    };
    worker.on('message', (m: { id: number; result: BodyDecode; names?: NumberedNames }) => {
      try {
        // Read in the order the thread sent them, which is the order it numbered its names in.
        if (m.result.ok && m.names) m.result.batch.workerNames = thread.names.read(m.names);
      } catch (error) {
        // Names this side cannot follow: the thread is given up like a failed one.
        fail(error as Error);
        void worker.terminate();
        return;
      }
      const done = thread.pending.get(m.id);
      thread.pending.delete(m.id);
      done?.(m.result);
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`share decoder thread exited with code ${code}`)));
    this.threads.push(thread);
    return thread;
  }

  async close(): Promise<void> {
    this.closed = true;
    const threads = this.threads;
    this.threads = [];
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }
}
