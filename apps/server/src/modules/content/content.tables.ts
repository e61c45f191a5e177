// Tables behind the content calls: the coin registry, site parameters, footer links,
// announcements, sliders, advertisements and currency rates. Operators edit them later through
// the admin area; texts shown to users are stored per language (LocalizedText).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Language } from '@hashpool/shared';

/** A text in every language we have it in; English is always present and the fallback. */
export type LocalizedText = Partial<Record<Language, string>> & { en: string };

const money = (name: string) => numeric(name, { precision: 38, scale: 18 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const coins = pgTable(
  'coins',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    algorithm: text('algorithm').notNull(),
    precision: integer('precision').notNull(),
    mode: text('mode').notNull(),
    /** Pool fee in percent for the coin's default payout method. */
    feeRate: money('fee_rate').notNull(),
    minPayout: money('min_payout').notNull(),
    /**
     * Price in USD: market data (docs/operator-guide.md, section 13), seeded and editable by operators
     * until a price feed adapter writes it. Null when unknown; values in other currencies go
     * through the currency rates.
     */
    priceUsd: money('price_usd'),
    stratumUrl: text('stratum_url').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('coins_mode_check', sql`${t.mode} in ('account', 'address')`),
    check('coins_precision_check', sql`${t.precision} between 0 and 18`),
    check('coins_fee_rate_check', sql`${t.feeRate} >= 0 and ${t.feeRate} < 100`),
  ],
);

export const siteParameters = pgTable('site_parameters', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  /** Only public parameters are served by GET /parameters. */
  isPublic: boolean('is_public').notNull().default(true),
  description: text('description').notNull().default(''),
  updatedAt: updatedAt(),
});

export const footerLinks = pgTable('footer_links', {
  id: serial('id').primaryKey(),
  groupKey: text('group_key').notNull(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  url: text('url').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  summary: jsonb('summary').$type<LocalizedText>().notNull(),
  url: text('url'),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  /** Retired after this instant (operators schedule it); shown until disabled when null. */
  endsAt: timestamp('ends_at', { withTimezone: true }),
  enabled: boolean('enabled').notNull().default(true),
  /** Seeded demo content, never shown as the operator's own words. */
  isDemo: boolean('is_demo').notNull().default(false),
});

export const sliders = pgTable('sliders', {
  id: serial('id').primaryKey(),
  position: text('position').notNull().default('home'),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  subtitle: jsonb('subtitle').$type<LocalizedText>().notNull(),
  link: text('link'),
  tone: text('tone').notNull().default('blue'),
  /** An uploaded image (a content_image file), shown while the banner is published. */
  imageId: uuid('image_id'),
  sortOrder: integer('sort_order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  /** The window operators schedule a banner in; either end open when null. */
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  isDemo: boolean('is_demo').notNull().default(false),
});

export const advertisements = pgTable('advertisements', {
  id: serial('id').primaryKey(),
  position: text('position').notNull(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  text: jsonb('text').$type<LocalizedText>().notNull(),
  link: text('link'),
  /** An uploaded image (a content_image file), shown while the advertisement is published. */
  imageId: uuid('image_id'),
  sortOrder: integer('sort_order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  isDemo: boolean('is_demo').notNull().default(false),
});

export const currencyRates = pgTable(
  'currency_rates',
  {
    currency: text('currency').primaryKey(),
    /** Units of this currency per 1 CNY. */
    rate: money('rate').notNull(),
    symbol: text('symbol').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('currency_rates_rate_check', sql`${t.rate} > 0`)],
);

/**
 * Campaign pages: a sale or an event, shown at its page (/sales, /activity/goldshell)
 * by its slug, with a text per language, a banner colour, a link to the products and a window.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    body: jsonb('body').$type<LocalizedText>().notNull(),
    link: text('link'),
    tone: text('tone').notNull().default('blue'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (t) => [uniqueIndex('campaigns_slug_unique').on(t.slug)],
);

/** Who joined a campaign (once each; only while it runs). */
export const campaignParticipants = pgTable(
  'campaign_participants',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.userId] }), index('campaign_participants_user_idx').on(t.userId, t.joinedAt)],
);

