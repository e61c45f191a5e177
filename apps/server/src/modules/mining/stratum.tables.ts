// The stratum endpoints each stratum process announces (POST /api/internal/stratum/endpoints):
// one row per process (`instance`), coin and URL, with when it last said so.
// An announcement replaces its process's rows; the pool pages show the URLs seen in the last few
// minutes, so a process that stopped drops off by itself, and rows of processes silent for a day
// are removed at the next announcement.
import { doublePrecision, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const stratumEndpoints = pgTable(
  'stratum_endpoints',
  {
    instance: text('instance').notNull(),
    coin: text('coin').notNull(),
    url: text('url').notNull(),
    startDifficulty: doublePrecision('start_difficulty').notNull(),
    minDifficulty: doublePrecision('min_difficulty').notNull(),
    maxDifficulty: doublePrecision('max_difficulty').notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.instance, t.coin, t.url] }), index('stratum_endpoints_coin_seen_idx').on(t.coin, t.lastSeen)],
);
