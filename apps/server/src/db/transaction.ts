// The one transaction helper (docs/architecture.md, Data). Every write that must be atomic goes
// through it. On PGlite, drizzle's transaction takes PGlite's own lock, so concurrent requests
// queue instead of interleaving statements of hand-written BEGINs. On PostgreSQL, a transaction
// that loses a serialization or deadlock race is retried from the start.
import type { Db, Tx } from './client';
import { sqlState } from './errors';

const RETRYABLE = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected
const MAX_ATTEMPTS = 3;

export type IsolationLevel = 'read committed' | 'repeatable read' | 'serializable';

/**
 * Runs `work` in one transaction. Keep network calls, mail and password hashing outside it:
 * they hold locks (and, on PGlite, the only connection) for their whole duration.
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, options: { isolation?: IsolationLevel } = {}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work, options.isolation ? { isolationLevel: options.isolation } : undefined);
    } catch (error) {
      const state = sqlState(error);
      if (attempt >= MAX_ATTEMPTS || !state || !RETRYABLE.has(state)) throw error;
    }
  }
}
