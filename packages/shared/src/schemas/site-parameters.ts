// The site parameters an operator edits (admin only): the site's name, the support address and
// the page where the pool lists its apps. Each key has its own rule, checked by the server and by
// the web form from this one place; a change is audited and applies to the next page load.
import { z } from 'zod';
import { isNameText } from '../input-safety';
import { emailSchema, operatorReasonSchema, V } from '../validation';

export const SITE_PARAMETER_KEYS = ['site_name', 'support_email', 'app_download_url'] as const;
export type SiteParameterKey = (typeof SITE_PARAMETER_KEYS)[number];


/** The rule of each key's value. */
export const SITE_PARAMETER_RULES = {
  // Shown in the header, the page titles, mails and passkey prompts: a short plain name.
  site_name: z.string({ error: V.required }).trim().min(1, V.required).max(40, V.tooLong).refine(isNameText, V.controlCharacters),
  support_email: emailSchema.max(254, V.tooLong),
  // Empty: the download page offers only the website. Otherwise an https page the operator runs.
  app_download_url: z.string({ error: V.invalid }).trim().max(500, V.tooLong).regex(/^(|https:\/\/[^\s/?#]+\.[^\s]*)$/, V.invalid),
} satisfies Record<SiteParameterKey, z.ZodType<string>>;

const change = <K extends SiteParameterKey>(key: K) => z.strictObject({ key: z.literal(key), value: SITE_PARAMETER_RULES[key], reason: operatorReasonSchema });
export const siteParameterBodySchema = z.discriminatedUnion('key', [change('site_name'), change('support_email'), change('app_download_url')]);
export type SiteParameterBody = z.infer<typeof siteParameterBodySchema>;

export const siteParameterSchema = z.object({
  key: z.enum(SITE_PARAMETER_KEYS),
  value: z.string(),
  /** When it was last written (the first start's value carries the first start's time); null if never. */
  updated_at: z.string().nullable(),
});
export type SiteParameter = z.infer<typeof siteParameterSchema>;
export const siteParameterListSchema = z.object({ list: z.array(siteParameterSchema) });
