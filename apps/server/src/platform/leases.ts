// Leases in the database, so several instances of the server can share work (docs/architecture.md,
// Jobs and leases): a background job runs on one instance at a time, a daily step runs once per day,
// and the requests of one idempotency key run one after the other wherever they arrive. A lease
// expires on its own (on the database's clock), so a crashed holder blocks nobody for longer
// than its time to live, which can therefore be short: while its work runs, the holder renews it
// every third of that time. A lease is no lock to rely on for money, though: a renewal that fails
// is not noticed, and a holder that stalls past its lease (a slow node call) runs on beside the one
// that took it over. So the work under a lease is idempotent besides, and each step that moves
// money is a conditional update on the state it read (a withdrawal's send is marked by a
// compare-and-set before the node is asked, and only the pass that marked it sends): two holders
// at once cost time, never money.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { AppError } from './errors';
import { jobLabel, metrics } from './metrics';

/** Takes the lease if it is free or expired; true when this holder now has it. */
export async function acquireLease(db: Db, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const rows = await queryRows<{ holder: string }>(
    db,
    sql`insert into leases (name, holder, expires_at)
        values (${name}, ${holder}, clock_timestamp() + ${ttlMs} * interval '1 millisecond')
        on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
          where leases.expires_at < clock_timestamp()
        returning holder`,
  );
  return rows.length === 1;
}

/** Whether someone holds the lease now (a mark kept until it lapses, such as a day done). */
export async function leaseHeld(db: Db, name: string): Promise<boolean> {
  const rows = await queryRows<{ held: number }>(db, sql`select 1 as held from leases where name = ${name} and expires_at >= clock_timestamp()`);
  return rows.length > 0;
}

export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.execute(sql`delete from leases where name = ${name} and holder = ${holder}`);
}

/** Runs `work` holding an acquired lease: renewed while it runs, released after. */
async function holding<T>(db: Db, name: string, holder: string, ttlMs: number, work: () => Promise<T>): Promise<T> {
  const renew = setInterval(() => {
    db.execute(sql`update leases set expires_at = clock_timestamp() + ${ttlMs} * interval '1 millisecond' where name = ${name} and holder = ${holder}`).catch(() => undefined);
  }, Math.max(1, Math.floor(ttlMs / 3)));
  try {
    return await work();
  } finally {
    clearInterval(renew);
    await releaseLease(db, name, holder);
  }
}

/**
 * Runs `work` if the lease is free, releasing it after; `{ ran: false }` when another holder has
 * it. For background jobs: the instance that gets the lease does the pass, the others skip it.
 */
export async function ifLeaseFree<T>(db: Db, name: string, ttlMs: number, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  const holder = randomUUID();
  if (!(await acquireLease(db, name, holder, ttlMs))) return { ran: false };
  // The job's metrics: how long its pass took, and that this instance holds it meanwhile.
  const job = jobLabel(name);
  const end = metrics.jobDuration.startTimer({ job });
  metrics.leaseHeld.set({ job }, 1);
  try {
    return { ran: true, value: await holding(db, name, holder, ttlMs, work) };
  } finally {
    end();
    metrics.leaseHeld.set({ job }, 0);
  }
}

/**
 * Runs `work` holding the lease, waiting for it while another holder has it (polling: the
 * waits are rare and short, a double click or a client's retry). Throws
 * AppError('request_in_progress') when it stays taken for `waitMs`.
 */
export async function underLease<T>(db: Db, name: string, options: { ttlMs: number; waitMs: number; pollMs?: number }, work: () => Promise<T>): Promise<T> {
  const holder = randomUUID();
  const giveUpAt = Date.now() + options.waitMs;
  while (!(await acquireLease(db, name, holder, options.ttlMs))) {
    if (Date.now() >= giveUpAt) throw new AppError('request_in_progress');
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 50));
  }
  return holding(db, name, holder, options.ttlMs, work);
}
