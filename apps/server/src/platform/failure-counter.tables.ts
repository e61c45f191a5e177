// Failed attempts counted by platform/failure-counter.ts when there is no Redis: one row per
// failure, removed once older than its counter's window.
import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const failedAttempts = pgTable(
  'failed_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which counter: "login", "pay_password". */
    scope: text('scope').notNull(),
    /** SHA-256 (hex) of what is counted: a login identifier, a user id. */
    keyHash: text('key_hash').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('failed_attempts_key_idx').on(t.scope, t.keyHash, t.failedAt), index('failed_attempts_age_idx').on(t.scope, t.failedAt)],
);
