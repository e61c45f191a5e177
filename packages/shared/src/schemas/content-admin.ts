// The operators' side of the site content: announcements, banners (sliders),
// advertisements and footer links, each with its text per language (English required, the others
// fall back to it), position, order, schedule and state. The public calls (schemas/content.ts)
// keep their shapes.
import { z } from 'zod';
import { LANGUAGES } from '../i18n';
import { isDateInRange, V } from '../validation';

export const CONTENT_KINDS = ['announcements', 'sliders', 'advertisements', 'footer-links', 'campaigns'] as const;
/** The campaign pages of the site and their slugs (the `position` of a campaign item). */
export const CAMPAIGN_SLUGS = ['sales', 'goldshell'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
/** The banner colour schemes the web draws (no remote images: the CSP allows only our origin). */
export const SLIDER_TONES = ['blue', 'purple', 'green', 'orange', 'dark'] as const;

const line = (max: number) => z.string().trim().max(max, V.tooLong);
/** A text per language: English required, the others optional (empty means missing). */
export const localizedTextSchema = z.strictObject({
  en: line(2000).min(1, V.required),
  'zh-CN': line(2000).optional(),
  'ru-RU': line(2000).optional(),
  ja: line(2000).optional(),
  ko: line(2000).optional(),
});
export type LocalizedTextInput = z.infer<typeof localizedTextSchema>;

/**
 * Our own path (/ticket) or an https address; nothing else may be linked from our pages. A path
 * never starts with a second slash or a backslash: browsers read `//host/x` and `/\host/x` as
 * another site (protocol-relative), which the web would open as one of ours.
 */
export const contentLinkSchema = z
  .string()
  .trim()
  .max(500, V.tooLong)
  .regex(/^(\/(?![/\\])[A-Za-z0-9\-._~/?#[\]@!$&'()*+,;=%]*|https:\/\/[^\s]+)$/, V.invalid);

/**
 * A moment between DATE_MIN and DATE_MAX: PostgreSQL cannot store some outside it (year 0), which
 * was a 500. A malformed one answers only `invalid`.
 */
const instant = z.string().datetime({ offset: true, error: V.invalid, abort: true }).refine(isDateInRange, V.dateRange).nullable().default(null);

export const contentKindParamsSchema = z.object({ kind: z.enum(CONTENT_KINDS) });
export const contentItemParamsSchema = contentKindParamsSchema.extend({ id: z.coerce.number().int(V.integer).positive(V.invalid).max(2 ** 31 - 1, V.tooBig) });

export const contentItemBodySchema = z.strictObject({
  title: localizedTextSchema,
  /** Announcement summary, banner subtitle or advertisement text; footer links have none. */
  body: localizedTextSchema.optional(),
  link: contentLinkSchema.nullable().default(null),
  /** Page position of banners and advertisements (home …); a campaign's page slug (sales, goldshell). */
  position: z.string().trim().regex(/^[a-z0-9_-]{1,32}$/, V.invalid).default('home'),
  /** Footer column of a footer link (about, support, community …). */
  group: z.string().trim().regex(/^[a-z0-9_-]{1,32}$/, V.invalid).default('about'),
  tone: z.enum(SLIDER_TONES).default('blue'),
  /** An uploaded image of a banner or advertisement (POST /admin/content/images), or none. */
  image_id: z.string().uuid(V.invalid).nullable().default(null),
  sort_order: z.number().int(V.integer).min(0, V.tooSmall).max(10_000, V.tooBig).default(0),
  enabled: z.boolean().default(true),
  /** Shown from (an announcement's publication time; now when absent). */
  starts_at: instant,
  /** Shown until (retired after); never when absent. */
  ends_at: instant,
});
export type ContentItemBody = z.infer<typeof contentItemBodySchema>;

export const adminContentItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CONTENT_KINDS),
  title: z.record(z.string(), z.string()),
  body: z.record(z.string(), z.string()).nullable(),
  link: z.string().nullable(),
  position: z.string().nullable(),
  group: z.string().nullable(),
  tone: z.string().nullable(),
  image_id: z.string().nullable(),
  sort_order: z.number().int(),
  enabled: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** Showing now to visitors (enabled and inside its window). */
  live: z.boolean(),
  is_demo: z.boolean(),
  /** Languages without their own text (they read English). */
  missing_languages: z.array(z.enum(LANGUAGES)),
  /** A campaign's number of users who joined it; null for other kinds. */
  participants: z.number().int().nullable().optional(),
});
export type AdminContentItem = z.infer<typeof adminContentItemSchema>;
export const adminContentListSchema = z.object({ list: z.array(adminContentItemSchema) });

/** A campaign page as visitors see it (GET /campaigns/{slug}). */
export const campaignSchema = z.object({
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  tone: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** upcoming, running or ended, from its window. */
  state: z.enum(['upcoming', 'running', 'ended']),
});
export type Campaign = z.infer<typeof campaignSchema>;
export const campaignParamsSchema = z.object({ slug: z.enum(CAMPAIGN_SLUGS) });
/** The web page of each campaign slug. */
export const CAMPAIGN_PAGES: Record<(typeof CAMPAIGN_SLUGS)[number], string> = { sales: '/sales', goldshell: '/activity/goldshell' };
export type CampaignSlug = (typeof CAMPAIGN_SLUGS)[number];
export const campaignJoinSchema = z.object({ slug: z.string(), joined_at: z.string() });
/** The campaigns a user joined (GET /user/campaigns). */
export const joinedCampaignListSchema = z.object({
  list: z.array(
    z.object({ slug: z.string(), title: z.string(), state: z.enum(['upcoming', 'running', 'ended']), starts_at: z.string().nullable(), ends_at: z.string().nullable(), joined_at: z.string(), page: z.string().nullable() }),
  ),
});


/** An uploaded content image: its id for the item, and where operators preview it. */
export const contentImageSchema = z.object({ id: z.string(), preview_url: z.string() });
export const contentImageParamsSchema = z.object({ id: z.string().uuid() });
