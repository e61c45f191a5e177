// Litecoin's scrypt (N=1024, r=1, p=1) off the event loop. One hash costs about half a millisecond
// of CPU: on the event loop it stalls every connection of the process for that long and keeps the
// process on one core (bench:stratum measured ~2,300 checks/s that way at 100 % of a core). In
// libuv's thread pool (crypto.scrypt) the hashes run on every core. One pool thread is always left
// free, so the outbox's disk writes (which use the same pool, one at a time, and hold each miner's
// answer) never wait behind a queue of hashes. The others all hash, even beyond the cores: a hash
// handed to a thread and its answer handed back cost waiting time, which more hashes in flight
// cover (bench:stratum: 2 in flight on 2 cores checked fewer than 4 did).
import { scrypt } from 'node:crypto';

const POOL_THREADS = Number(process.env.UV_THREADPOOL_SIZE) || 4;
const PARALLEL = Math.max(1, POOL_THREADS - 1);

let running = 0;
const waiting: Array<() => void> = [];

function hashNow(header: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(header, header, 32, { N: 1024, r: 1, p: 1 }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Hashes handed to the pool or waiting for a thread (the share outbox holds its write while there are). */
export function hashesInFlight(): number {
  return running + waiting.length;
}

export async function scryptHeader(header: Buffer): Promise<Buffer> {
  if (running >= PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await hashNow(header);
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}
