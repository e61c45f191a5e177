// The wire encoder's thread (share-encoding.ts): JSON batch bodies in, compact bodies out, handed
// back without copying. A body that does not encode is answered with its error.
import { parentPort } from 'node:worker_threads';
import { encodeShareBatch, type ShareEvent } from '@hashpool/shared';

parentPort!.on('message', (job: { id: number; body: string }) => {
  try {
    const data = encodeShareBatch(JSON.parse(job.body) as { batch_id: string; shares: ShareEvent[] });
    parentPort!.postMessage({ id: job.id, data }, [data.buffer]);
  } catch (err) {
    parentPort!.postMessage({ id: job.id, error: String(err) });
  }
});
