// A decoder thread (share-decoder.ts): bodies in, decoded batches out. Its typed arrays are
// handed back without copying, and its worker names as numbers (share-names.ts).
import { parentPort } from 'node:worker_threads';
import { transferables } from './share-batch';
import { decodeBody, type ShareEncoding } from './share-compact';
import { NameNumbering } from './share-names';

const numbering = new NameNumbering();

parentPort!.on('message', (job: { id: number; bytes: Uint8Array; now: number; encoding: ShareEncoding }) => {
  const result = decodeBody(job.bytes, job.now, job.encoding);
  if (!result.ok) return parentPort!.postMessage({ id: job.id, result });
  const names = numbering.number(result.batch.workerNames);
  result.batch.workerNames = [];
  parentPort!.postMessage({ id: job.id, result, names }, [...transferables(result.batch), names.numbers.buffer as ArrayBuffer]);
});
