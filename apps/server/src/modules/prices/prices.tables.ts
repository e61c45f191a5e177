// The prices module's tables: the latest quote of each coin (USD) and currency (units per 1 CNY)
// with where it came from and when, and the feed's state (last answer, last error, whether the
// operators were told that prices went stale).
import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const priceQuotes = pgTable(
  'price_quotes',
  {
    /** coin or currency. */
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    value: numeric('value', { precision: 38, scale: 18 }).notNull(),
    /** coingecko or operator. */
    source: text('source').notNull(),
    /** When the feed answered it or the operator set it: its age decides whether it may be used. */
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
    reason: text('reason'),
    setBy: uuid('set_by'),
  },
  (t) => [primaryKey({ columns: [t.kind, t.code] }), check('price_quotes_kind_check', sql`${t.kind} in ('coin', 'currency')`), check('price_quotes_value_check', sql`${t.value} > 0`)],
);

export const priceFeedState = pgTable(
  'price_feed_state',
  {
    id: integer('id').primaryKey(),
    lastPollAt: timestamp('last_poll_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** When the operators were last told prices are stale; cleared once every price is fresh again. */
    staleAlertedAt: timestamp('stale_alerted_at', { withTimezone: true }),
    /**
     * The codes that alert named and that are still stale: a code going stale that is not among
     * them alerts again; a code leaves it once fresh.
     */
    staleAlertedCodes: text('stale_alerted_codes').array().notNull().default(sql`'{}'::text[]`),
    /** The codes whose refused jump the operators were told of; a code leaves it once a price of it is taken. */
    jumpAlertedCodes: text('jump_alerted_codes').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [check('price_feed_state_one_row', sql`${t.id} = 1`)],
);
