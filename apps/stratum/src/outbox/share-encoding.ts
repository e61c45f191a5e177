// How a share batch goes on the wire. The outbox stores each batch as its JSON body (readable, and
// the contract's reference form); a transport sends it as that JSON or, by default, re-encoded in
// the compact form (SHARES_COMPACT_TYPE, docs/stratum-integration.md "The compact batch encoding"),
// which the pool reads several times faster than JSON, the bound on its ingest throughput.
// Re-encoding a second's batch means parsing its JSON: 20 to 50 ms for 18,000 shares, a stall of
// every connection of the process once a second if it ran on the event loop (a miner's answer
// waiting behind it is bench:stratum's p99). It runs in a thread of its own instead.
import { Worker } from 'node:worker_threads';
import { encodeShareBatch, SHARES_COMPACT_TYPE, type ShareEvent } from '@hashpool/shared';
import type { Logger } from '../coin/types.js';

export type ShareEncoding = 'compact' | 'json';

export interface WireBody {
  contentType: string;
  data: string | Uint8Array<ArrayBuffer>;
}

/** Bodies shorter than this (in characters) are encoded at once: a hop to the thread costs more. */
const IN_THREAD_CHARS = 64 * 1024;

/**
 * The batch body as sent. A body the compact form cannot hold (never one this outbox writes), or
 * one the encoder thread failed on, goes as its JSON, which the pool reads as well: a batch is
 * never lost to its encoding.
 */
export async function wireBody(body: string, encoding: ShareEncoding, log: Logger): Promise<WireBody> {
  if (encoding === 'json') return { contentType: 'application/json', data: body };
  try {
    const data = body.length < IN_THREAD_CHARS ? encode(body) : await encoder.encode(body);
    return { contentType: SHARES_COMPACT_TYPE, data };
  } catch (err) {
    log.warn('share batch not encodable in the compact form; sent as JSON', { err: String(err) });
    return { contentType: 'application/json', data: body };
  }
}

function encode(body: string): Uint8Array<ArrayBuffer> {
  return encodeShareBatch(JSON.parse(body) as { batch_id: string; shares: ShareEvent[] });
}

// The process runs TypeScript through tsx; the thread needs it registered before loading its module.
const BOOT = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./wire-encoder.worker.ts', import.meta.url).href)}); })`;

/** One thread, started with the first large body; its jobs fail with it if it dies (sent as JSON). */
class WireEncoder {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, { resolve: (data: Uint8Array<ArrayBuffer>) => void; reject: (err: Error) => void }>();
  private nextId = 0;

  encode(body: string): Promise<Uint8Array<ArrayBuffer>> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, body });
    });
  }

  private start(): Worker {
    const worker = new Worker(BOOT, { eval: true });
    worker.unref(); // an idle encoder never keeps the process alive
    worker.on('message', (m: { id: number; data?: Uint8Array<ArrayBuffer>; error?: string }) => {
      const job = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.data) job?.resolve(m.data);
      else job?.reject(new Error(m.error ?? 'encoding failed'));
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const job of this.pending.values()) job.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`wire encoder thread exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}

const encoder = new WireEncoder();
