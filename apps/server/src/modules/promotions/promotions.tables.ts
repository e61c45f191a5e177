// The promotions: fee coupon campaigns, their codes and the users' coupons with the
// savings of each settled day; hashrate gift red packets, who received them, and what each
// receiver was credited each day. Money columns are numeric(38,18) read as strings.
import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CouponStatus } from '@hashpool/shared';
import { accountRefs } from '../accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => numeric(name, { precision: 38, scale: 18 });
const day = (name: string) => date(name, { mode: 'string' });

/** An operator's coupon campaign: what its coupons take off the fee, for which coins and how long. */
export const couponCampaigns = pgTable(
  'coupon_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The name per language an operator gave (English is `name`). */
    names: jsonb('names').$type<Record<string, string>>().notNull().default({}),
    /** Percent of the fee taken off, 0 < p <= 100. */
    reductionPercent: numeric('reduction_percent', { precision: 5, scale: 2 }).notNull(),
    /** Coins the coupons may be used for; empty: every account-mode coin. */
    coins: jsonb('coins').$type<string[]>().notNull(),
    /** Settlement days a coupon cuts once started. */
    validDays: integer('valid_days').notNull(),
    /** A code or coupon not started by then expires. */
    useBefore: ts('use_before').notNull(),
    codeCount: integer('code_count').notNull(),
    createdBy: uuid('created_by').references(accountRefs.userId),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    /** Set when an operator disabled the campaign: its codes not yet redeemed redeem no more; coupons already redeemed stay valid. */
    disabledAt: ts('disabled_at'),
    disabledBy: uuid('disabled_by').references(accountRefs.userId),
  },
  (t) => [
    check('coupon_campaigns_percent_check', sql`${t.reductionPercent} > 0 and ${t.reductionPercent} <= 100`),
    check('coupon_campaigns_days_check', sql`${t.validDays} > 0`),
  ],
);

/** One code of a campaign; it gives one coupon to the first user who redeems it. */
export const couponCodes = pgTable(
  'coupon_codes',
  {
    /** Upper case, as compared. */
    code: text('code').primaryKey(),
    campaignId: uuid('campaign_id').notNull().references(() => couponCampaigns.id),
    redeemedBy: uuid('redeemed_by').references(accountRefs.userId),
    redeemedAt: ts('redeemed_at'),
  },
  (t) => [index('coupon_codes_campaign_idx').on(t.campaignId)],
);

/**
 * A user's coupon. unused -> in_use (started for a coin on a sub-account: it cuts the fee of the
 * settlement days start_day..end_day) -> used once end_day is over; unused -> expired after the
 * campaign's use-before date. One coupon in use per sub-account and coin (the partial unique index).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(accountRefs.userId),
    campaignId: uuid('campaign_id').notNull().references(() => couponCampaigns.id),
    code: text('code').notNull().references(() => couponCodes.code),
    status: text('status').$type<CouponStatus>().notNull(),
    coin: text('coin'),
    accountId: uuid('account_id').references(accountRefs.miningAccountId),
    startDay: day('start_day'),
    endDay: day('end_day'),
    redeemedAt: ts('redeemed_at').notNull(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('coupons_code_unique').on(t.code),
    index('coupons_user_idx').on(t.userId, t.status),
    uniqueIndex('coupons_one_in_use').on(t.accountId, t.coin).where(sql`${t.status} = 'in_use'`),
    index('coupons_active_idx').on(t.coin, t.startDay, t.endDay).where(sql`${t.status} in ('in_use', 'used')`),
    check('coupons_status_check', sql`${t.status} in ('unused', 'in_use', 'used', 'expired')`),
    check('coupons_started_check', sql`${t.status} in ('unused', 'expired') or (${t.coin} is not null and ${t.accountId} is not null and ${t.startDay} is not null and ${t.endDay} is not null)`),
  ],
);

/**
 * What a coupon saved on one settled day: the fee at the full rate less the fee at the reduced one
 * of the day's profit rows (gross x (full - reduced) / 100), exact.
 */
export const couponSavings = pgTable(
  'coupon_savings',
  {
    couponId: uuid('coupon_id').notNull().references(() => coupons.id),
    day: day('day').notNull(),
    coin: text('coin').notNull(),
    accountId: uuid('account_id').notNull(),
    feeRate: numeric('fee_rate').notNull(),
    reducedFeeRate: numeric('reduced_fee_rate').notNull(),
    saving: numeric('saving').notNull(),
    recordedAt: ts('recorded_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.day] }), index('coupon_savings_account_idx').on(t.accountId, t.coin, t.day)],
);

/**
 * What a coupon saved on a block's payout (PPLNS, the fee part of PPS+, SOLO), recorded by the
 * block settlement in the transaction that writes the payout (one row per block, payee and method):
 * gross x (full - reduced) / 100, exact. `day` is the profits row that shows the payout.
 */
export const couponBlockSavings = pgTable(
  'coupon_block_savings',
  {
    /** The settled block: block:<coin>:<block id>. */
    source: text('source').notNull(),
    accountId: uuid('account_id').notNull(),
    method: text('method').notNull(),
    couponId: uuid('coupon_id').notNull().references(() => coupons.id),
    coin: text('coin').notNull(),
    day: day('day').notNull(),
    feeRate: numeric('fee_rate').notNull(),
    reducedFeeRate: numeric('reduced_fee_rate').notNull(),
    saving: numeric('saving').notNull(),
    recordedAt: ts('recorded_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.accountId, t.method] }),
    index('coupon_block_savings_account_idx').on(t.accountId, t.coin, t.day),
    index('coupon_block_savings_coupon_idx').on(t.couponId),
  ],
);

/**
 * A hashrate gift: `shares` receivers each get `hashrate` H/s of FPPS work of `coin` at no fee for
 * `duration_days` settlement days, paid from `budget` (reserved at creation by a sys:promotions
 * posting into its frozen bucket; what is left returns when the packet ends). The id is the link's
 * 128 random bits (base64url).
 */
export const redPackets = pgTable(
  'red_packets',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** The name per language an operator gave (English is `name`); a user-funded packet has none. */
    names: jsonb('names').$type<Record<string, string>>().notNull().default({}),
    coin: text('coin').notNull(),
    hashrate: doublePrecision('hashrate').notNull(),
    durationDays: integer('duration_days').notNull(),
    shares: integer('shares').notNull(),
    sharesLeft: integer('shares_left').notNull(),
    budget: money('budget').notNull(),
    paid: money('paid').notNull().default('0'),
    activationDeadline: ts('activation_deadline').notNull(),
    /** When set, only the user whose bound email this is may receive it (lower case). */
    receivingEmail: text('receiving_email'),
    /** Who pays the budget: the pool (sys:promotions), or the sub-account of a user who funded it. */
    funder: text('funder').notNull(),
    createdBy: uuid('created_by').references(accountRefs.userId),
    /** The creating request's Idempotency-Key (a user's funding, an operator's packet): one packet and one posting per key and funder. */
    requestKey: text('request_key'),
    /** Set when the leftover was returned and nothing more is credited. */
    endedAt: ts('ended_at'),
    /**
     * Set when the funder or an operator cancelled the packet: no share can be received any more,
     * and the part of the budget of the shares not received (`returned`) went back to the funder
     * at once; the receipts already taken keep working from the rest.
     */
    cancelledAt: ts('cancelled_at'),
    cancelledBy: uuid('cancelled_by').references(accountRefs.userId),
    returned: money('returned').notNull().default('0'),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    check('red_packets_shares_check', sql`${t.sharesLeft} >= 0 and ${t.sharesLeft} <= ${t.shares}`),
    check('red_packets_budget_check', sql`${t.paid} >= 0 and ${t.paid} <= ${t.budget}`),
    check('red_packets_returned_check', sql`${t.returned} >= 0 and ${t.paid} + ${t.returned} <= ${t.budget}`),
    uniqueIndex('red_packets_request_key_idx').on(t.funder, t.requestKey),
    index('red_packets_created_by_idx').on(t.createdBy, t.createdAt),
  ],
);

/**
 * Operators' settings of the promotions, one row per key: `user_red_packets` is where users may
 * fund red packets from their own balance ({ all_coins, coins }; no row: nowhere).
 */
export const promotionSettings = pgTable('promotion_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: uuid('updated_by').references(accountRefs.userId),
  updatedAt: ts('updated_at').notNull(),
});

/** One user's share of a packet, on their main sub-account; it works start_day..end_day. */
export const redPacketReceipts = pgTable(
  'red_packet_receipts',
  {
    packetId: text('packet_id').notNull().references(() => redPackets.id),
    userId: uuid('user_id').notNull().references(accountRefs.userId),
    accountId: uuid('account_id').notNull().references(accountRefs.miningAccountId),
    receivedAt: ts('received_at').notNull(),
    startDay: day('start_day').notNull(),
    endDay: day('end_day').notNull(),
    /** The exact profit of the days credited so far (uncut): the credits are cut from it, so no fraction is lost between days. */
    earned: numeric('earned').notNull().default('0'),
    /** Credited so far, whole base units. */
    paid: money('paid').notNull().default('0'),
    /** The last day credited (null: none yet). */
    creditedThrough: day('credited_through'),
  },
  (t) => [primaryKey({ columns: [t.packetId, t.userId] }), index('red_packet_receipts_user_idx').on(t.userId, t.receivedAt)],
);

/** A receiver's red packet profit of one day; the ledger key is redpacket:<packet>:<user>:<day>. */
export const redPacketCredits = pgTable(
  'red_packet_credits',
  {
    packetId: text('packet_id').notNull().references(() => redPackets.id),
    userId: uuid('user_id').notNull(),
    day: day('day').notNull(),
    amount: money('amount').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.packetId, t.userId, t.day] })],
);
