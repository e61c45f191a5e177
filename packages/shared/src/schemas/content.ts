// Bodies of the content calls the web shell needs (docs/rules.md, The API, "Content").
import { z } from 'zod';
import { decimalString, pageOf } from './envelope';
import { pageQuerySchema } from '../validation';

export const poolItemSchema = z.object({
  coin: z.string(),
  name: z.string(),
  symbol: z.string(),
  algorithm: z.string(),
  precision: z.number().int(),
  mode: z.enum(['account', 'address']),
  /** Pool fee in percent for the default payout method, as a decimal string: the rate today's work is charged. */
  fee_rate: decimalString,
  /** An operator's change of that fee made today: the rate from `next_fee_from` (the next UTC day); null without one. */
  next_fee_rate: decimalString.nullable(),
  next_fee_from: z.string().nullable(),
  min_payout: decimalString,
  /** Seeded or operator-set market price in USD (other currencies through the rates); null when unknown. */
  price_usd: decimalString.nullable(),
  /** Stratum address miners connect to. */
  stratum_url: z.string(),
});
export type PoolItem = z.infer<typeof poolItemSchema>;
export const poolListSchema = z.array(poolItemSchema);

export const parametersQuerySchema = z.object({
  /** Comma-separated keys; all public parameters when absent. */
  keys: z.string().max(500).optional(),
});
export const parametersSchema = z.record(z.string(), z.string());

export const footerLinkSchema = z.object({
  id: z.number().int(),
  group: z.string(),
  title: z.string(),
  url: z.string(),
});
export type FooterLink = z.infer<typeof footerLinkSchema>;
export const footerLinkListSchema = z.array(footerLinkSchema);

export const announcementQuerySchema = pageQuerySchema;
export const announcementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  url: z.string().nullable(),
  published_at: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementPageSchema = pageOf(announcementSchema);
export type AnnouncementPage = z.infer<typeof announcementPageSchema>;

export const sliderQuerySchema = z.object({ position: z.string().max(32).default('home') });
export const sliderSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  link: z.string().nullable(),
  /** One of the web's banner colour schemes (no remote images: the CSP allows only our origin). */
  tone: z.string(),
  /** The banner's uploaded image (GET /content/images/{id}, ours); absent without one. */
  image_url: z.string().optional(),
});
export type Slider = z.infer<typeof sliderSchema>;
export const sliderListSchema = z.array(sliderSchema);

export const advertisementSchema = z.object({
  id: z.number().int(),
  position: z.string(),
  title: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  /** The advertisement's uploaded image (GET /content/images/{id}, ours); absent without one. */
  image_url: z.string().optional(),
});
export type Advertisement = z.infer<typeof advertisementSchema>;
export const advertisementListSchema = z.array(advertisementSchema);

export const rateItemSchema = z.object({
  currency: z.string(),
  /** Units of this currency per 1 CNY; CNY itself is 1. */
  rate: decimalString,
  symbol: z.string(),
});
export type RateItem = z.infer<typeof rateItemSchema>;
export const ratesSchema = z.object({ rates: z.array(rateItemSchema) });

export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok'), version: z.string() });
