// The one transaction helper (ARCHITECTURE.md section 4). Every write that must be atomic goes
// through it. On PGlite, drizzle's transaction takes PGlite's own lock, so concurrent requests
// queue instead of interleaving statements of hand-written BEGINs. On PostgreSQL, a transaction
// that loses a serialization or deadlock race is retried from the start.
import type { Db, Tx } from './client';

const RETRYABLE = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected
const MAX_ATTEMPTS = 3;

export type IsolationLevel = 'read committed' | 'repeatable read' | 'serializable';

function sqlState(error: unknown): string | undefined {
  // drizzle wraps driver errors; the SQLSTATE sits on the error or its cause.
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

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
