// The miner catalogue: miner models with their vendors' published specifications and
// where to buy them. Profitability is never stored: it is computed per request from the earnings'
// market data (catalogue.service.ts, packages/shared mining-profit.ts).
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MinerSeller } from '@hashpool/shared';

export const minerModels = pgTable(
  'miner_models',
  {
    id: serial('id').primaryKey(),
    vendor: text('vendor').notNull(),
    name: text('name').notNull(),
    kind: text('kind').$type<'asic' | 'gpu'>().notNull().default('asic'),
    /** YYYY or YYYY-MM. */
    releaseDate: text('release_date'),
    /** One of the coin registry's algorithm names (SHA256d, Scrypt, kHeavyHash …). */
    algorithm: text('algorithm').notNull(),
    /** Hashes (or solutions) per second. */
    hashrate: numeric('hashrate').notNull(),
    powerWatts: numeric('power_watts').notNull(),
    priceUsd: numeric('price_usd'),
    size: text('size'),
    weightKg: numeric('weight_kg'),
    noiseDb: integer('noise_db'),
    fans: integer('fans'),
    voltage: text('voltage'),
    temperature: text('temperature'),
    humidity: text('humidity'),
    sellers: jsonb('sellers').$type<MinerSeller[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    /** Where the figures come from (a vendor's published specification); null for operators' own. */
    source: text('source'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('miner_models_vendor_name_unique').on(sql`lower(${t.vendor})`, sql`lower(${t.name})`),
    check('miner_models_values_check', sql`${t.hashrate} > 0 and ${t.powerWatts} > 0`),
  ],
);
