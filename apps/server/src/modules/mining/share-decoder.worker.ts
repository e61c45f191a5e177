// A decoder thread (share-decoder.ts): bodies in, decoded batches out. Its typed arrays are
// handed back without copying.
import { parentPort } from 'node:worker_threads';
import { decodeBatchBody, transferables } from './share-batch';

parentPort!.on('message', (job: { id: number; bytes: Uint8Array; now: number }) => {
  const result = decodeBatchBody(job.bytes, job.now);
  parentPort!.postMessage({ id: job.id, result }, result.ok ? transferables(result.batch) : []);
});
