// Leases (platform/leases.ts): a named right held by one holder until released or expired.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const leases = pgTable('leases', {
  /** "job:<name>", "job:<name>:<day>", "withdraw:<account>:<idempotency key>", ... */
  name: text('name').primaryKey(),
  /** Who holds it: a random id per acquisition. */
  holder: text('holder').notNull(),
  /** On the database's clock, so instances with skewed clocks agree. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
