// The promotions calls (docs/rules.md, Promotions): fee coupons (redeem a code, start
// using one for a coin, see its savings) and hashrate gift red packets (a public page, receiving,
// the user's received packets), and the operators' campaigns and packets. Amounts and percents are
// decimal strings; hashrates numbers in H/s.
import { z } from 'zod';
import { COINS } from '../coins';
import { isNameText } from '../input-safety';
import { emailSchema, isDateInRange, namesPerLanguageSchema, pageQuerySchema, V } from '../validation';
import { payAuthorisationShape } from './wallet';

const ACCOUNT_COINS = COINS.filter((c) => c.mode === 'account').map((c) => c.code) as [string, ...string[]];
const promoCoinSchema = z.enum(ACCOUNT_COINS, { error: V.invalid });

export const COUPON_STATUSES = ['unused', 'in_use', 'used', 'expired'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
/**
 * A packet as anyone sees it: receivable, all shares taken, past its activation deadline, over
 * (leftover returned), or cancelled by its funder or an operator (the unreceived shares' budget returned).
 */
export const RED_PACKET_STATUSES = ['open', 'none_left', 'expired', 'ended', 'cancelled'] as const;
export type RedPacketStatus = (typeof RED_PACKET_STATUSES)[number];
/** A received packet: its hashrate works (from the day after receiving), or its period is over. */
export const RED_PACKET_RECEIPT_STATUSES = ['active', 'ended'] as const;
export type RedPacketReceiptStatus = (typeof RED_PACKET_RECEIPT_STATUSES)[number];

/** Limits of a campaign and a packet (docs/rules.md, Promotions). */
export const PROMO_LIMITS = { maxCodes: 10_000, maxValidDays: 365, maxShares: 10_000, maxDurationDays: 365, codeMax: 32, nameMax: 64 } as const;

/** Link ids of red packets: 128 random bits, base64url (22 characters). */
export const RED_PACKET_ID = /^[A-Za-z0-9_-]{22}$/;
/** Coupon codes as typed: letters, digits and dashes (compared without case). */
export const COUPON_CODE = /^[A-Za-z0-9-]{1,32}$/;

/** The name in the other languages than `name`'s (English), where an operator gives one; a language left out reads `name`. */
const namesSchema = namesPerLanguageSchema(PROMO_LIMITS.nameMax);
/** The name per language where an operator gave one (the web reads the user's, else `name`). */
const namesViewSchema = z.record(z.string(), z.string());
const nameSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .max(PROMO_LIMITS.nameMax, V.tooLong)
  .refine(isNameText, V.controlCharacters);
const percentSchema = z
  .string({ error: V.invalid })
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, V.decimalValue)
  .refine((s) => Number(s) > 0 && Number(s) <= 100, V.invalid);
const instantSchema = z.iso.datetime({ offset: true, error: V.invalid }).refine((s) => isDateInRange(s.slice(0, 10)), V.dateRange);
const amountSchema = z
  .string({ error: (iss) => (iss.input === undefined ? V.required : V.amount) })
  .trim()
  .regex(/^\d{1,20}(\.\d{1,18})?$/, V.amount)
  .refine((s) => /[1-9]/.test(s), V.amount);

// ---- coupons ------------------------------------------------------------------------------

export const couponSavingSchema = z.object({ day: z.string(), coin: z.string(), saving: z.string(), fee_rate: z.string(), reduced_fee_rate: z.string() });
export const couponSchema = z.object({
  id: z.string(),
  campaign_id: z.string(),
  code: z.string(),
  name: z.string(),
  names: namesViewSchema,
  /** Percent of the fee taken off ("40" turns 2.5 % into 1.5 %). */
  reduction_percent: z.string(),
  /** The coins it may be used for. */
  coins: z.array(z.string()),
  valid_days: z.number().int(),
  use_before: z.string(),
  status: z.enum(COUPON_STATUSES),
  /** While in use or used: the coin, the sub-account, and the first and last settlement day it cuts. */
  coin: z.string().nullable(),
  account_name: z.string().nullable(),
  start_day: z.string().nullable(),
  end_day: z.string().nullable(),
  redeemed_at: z.string(),
  /** Sum of the recorded daily savings, in the coin. */
  total_saving: z.string(),
});
export const couponDetailSchema = couponSchema.extend({ savings: z.array(couponSavingSchema) });
export const couponPageSchema = z.object({ list: z.array(couponSchema), total: z.number().int() });
export const couponQuerySchema = pageQuerySchema.extend({ status: z.enum(COUPON_STATUSES, { error: V.invalid }).optional() });
/** The code is checked by the service so that an empty one gets its own message. */
export const redeemCouponBodySchema = z.strictObject({ code: z.string({ error: V.required }).trim().max(64, V.tooLong) });
export const useCouponBodySchema = z.strictObject({ coin: promoCoinSchema });
export const couponParamsSchema = z.object({ id: z.string().uuid({ error: V.invalid }) });

// ---- red packets --------------------------------------------------------------------------

export const redPacketParamsSchema = z.object({ id: z.string().regex(RED_PACKET_ID, V.invalid) });
export const redPacketSchema = z.object({
  id: z.string(),
  /** The funder's title; a user-funded packet's stays as its funder wrote it (names: empty). */
  name: z.string(),
  names: namesViewSchema,
  coin: z.string(),
  /** Gifted hashrate per share, H/s. */
  hashrate: z.number(),
  duration_days: z.number().int(),
  shares: z.number().int(),
  shares_left: z.number().int(),
  /** The total profit budget, in the coin. */
  budget: z.string(),
  paid: z.string(),
  /** What a cancellation returned to the funder at once: the budget's part of the shares nobody received. */
  returned: z.string(),
  activation_deadline: z.string(),
  /** When the packet is for one person: their email, masked. */
  receiving_email: z.string().nullable(),
  status: z.enum(RED_PACKET_STATUSES),
  is_demo: z.boolean(),
  created_at: z.string(),
});
export const redPacketReceiverSchema = z.object({ account: z.string(), received_at: z.string() });
export const redPacketDetailSchema = redPacketSchema.extend({ receivers: z.array(redPacketReceiverSchema) });
export const redPacketCreditSchema = z.object({ day: z.string(), amount: z.string() });
export const redPacketReceiptSchema = z.object({
  /** The packet's link id. */
  packet_id: z.string(),
  name: z.string(),
  names: namesViewSchema,
  coin: z.string(),
  hashrate: z.number(),
  account_name: z.string(),
  received_at: z.string(),
  start_day: z.string(),
  end_day: z.string(),
  status: z.enum(RED_PACKET_RECEIPT_STATUSES),
  /** Red packet profit credited so far. */
  paid: z.string(),
});
export const redPacketReceiptDetailSchema = redPacketReceiptSchema.extend({ credits: z.array(redPacketCreditSchema) });
export const redPacketReceiptPageSchema = z.object({ list: z.array(redPacketReceiptSchema), total: z.number().int() });
/** What the logged-in caller may do with a packet: receive it, has it, or why not. */
export const redPacketMineSchema = z.object({
  received: redPacketReceiptSchema.nullable(),
  can_receive: z.boolean(),
  /** Why not (an error key of the catalogue), when not. */
  reason: z.string().nullable(),
});

// ---- operators ----------------------------------------------------------------------------

export const createCampaignBodySchema = z.strictObject({
  name: nameSchema,
  names: namesSchema,
  reduction_percent: percentSchema,
  /** Empty: every coin. */
  coins: z.array(promoCoinSchema).max(ACCOUNT_COINS.length, V.tooBig),
  valid_days: z.number({ error: V.integer }).int(V.integer).min(1, V.tooSmall).max(PROMO_LIMITS.maxValidDays, V.tooBig),
  use_before: instantSchema,
  code_count: z.number({ error: V.integer }).int(V.integer).min(1, V.tooSmall).max(PROMO_LIMITS.maxCodes, V.tooBig),
  /** One code of the operator's choosing (code_count must be 1); random codes otherwise. */
  code: z.string({ error: V.invalid }).trim().regex(COUPON_CODE, V.invalid).optional(),
});
/** A new campaign as the operator sends it. */
export type NewCampaign = z.infer<typeof createCampaignBodySchema>;
export const couponCampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  names: namesViewSchema,
  reduction_percent: z.string(),
  coins: z.array(z.string()),
  valid_days: z.number().int(),
  use_before: z.string(),
  code_count: z.number().int(),
  redeemed: z.number().int(),
  is_demo: z.boolean(),
  created_at: z.string(),
  /** When an operator disabled it (its unredeemed codes redeem no more); null while enabled. */
  disabled_at: z.string().nullable(),
});
export const couponCampaignPageSchema = z.object({ list: z.array(couponCampaignSchema), total: z.number().int() });
export const couponCampaignParamsSchema = z.object({ id: z.string().uuid({ error: V.invalid }) });

export const createRedPacketBodySchema = z.strictObject({
  name: nameSchema,
  names: namesSchema,
  coin: promoCoinSchema,
  hashrate: z.number({ error: V.invalid }).positive(V.tooSmall).max(1e24, V.tooBig),
  duration_days: z.number({ error: V.integer }).int(V.integer).min(1, V.tooSmall).max(PROMO_LIMITS.maxDurationDays, V.tooBig),
  shares: z.number({ error: V.integer }).int(V.integer).min(1, V.tooSmall).max(PROMO_LIMITS.maxShares, V.tooBig),
  budget: amountSchema,
  activation_deadline: instantSchema,
  receiving_email: emailSchema.optional(),
});
/** A new packet as the operator sends it. */
export type NewRedPacket = z.infer<typeof createRedPacketBodySchema>;
/** What a user may fund from their own balance: at most 100 shares for at most 30 days. */
export const USER_PACKET_LIMITS = { maxShares: 100, maxDurationDays: 30 } as const;
/**
 * A packet a user funds from the current sub-account's balance (where operators enabled it): money
 * to someone else, so it carries the checks of a transfer (walletSubject.redPacket). Its title is
 * the user's own words, shown as written: no names per language.
 */
export const createUserRedPacketBodySchema = createRedPacketBodySchema.omit({ names: true }).extend({
  ...payAuthorisationShape,
  duration_days: z.number({ error: V.integer }).int(V.integer).min(1, V.tooSmall).max(USER_PACKET_LIMITS.maxDurationDays, V.tooBig),
  shares: z.number({ error: V.integer }).int(V.integer).min(1, V.tooSmall).max(USER_PACKET_LIMITS.maxShares, V.tooBig),
});
export type NewUserRedPacket = z.infer<typeof createUserRedPacketBodySchema>;
/** Where users may fund red packets: every account-mode coin, or the coins listed. */
export const userPacketSettingsSchema = z.strictObject({ all_coins: z.boolean(), coins: z.array(promoCoinSchema).max(50) });
export type UserPacketSettings = z.infer<typeof userPacketSettingsSchema>;
/** The coins a user may fund packets of now (empty: not enabled). */
export const userPacketFundingSchema = z.object({ coins: z.array(z.string()) });
export const adminRedPacketSchema = redPacketSchema.extend({ receiving_email: z.string().nullable(), received: z.number().int() });
export const adminRedPacketPageSchema = z.object({ list: z.array(adminRedPacketSchema), total: z.number().int() });
/** The packets a user funded, with how many were received and what went back. */
export const userRedPacketPageSchema = adminRedPacketPageSchema;
