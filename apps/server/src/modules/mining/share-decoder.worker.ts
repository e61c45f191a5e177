// A decoder thread (share-decoder.ts): bodies in, decoded batches out. Its typed arrays are
// handed back without copying.
import { parentPort } from 'node:worker_threads';
import { transferables } from './share-batch';
import { decodeBody, type ShareEncoding } from './share-compact';

parentPort!.on('message', (job: { id: number; bytes: Uint8Array; now: number; encoding: ShareEncoding }) => {
  const result = decodeBody(job.bytes, job.now, job.encoding);
  parentPort!.postMessage({ id: job.id, result }, result.ok ? transferables(result.batch) : []);
});
