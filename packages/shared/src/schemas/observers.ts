// Observer links (docs/product-guide.md, Observer links; docs/security.md, Observer
// links): a read-only view of one sub-account for someone without a login. The permission → pages
// → API table is in ../observer-pages.ts (no zod there: the web's first screen reads it).
import { z } from 'zod';
import { OBSERVER_EXPIRIES, OBSERVER_PERMISSIONS } from '../observer-pages';
import { nicknameSchema, subAccountNameSchema, V } from '../validation';

export const OBSERVER_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ObserverStatus = (typeof OBSERVER_STATUSES)[number];

export const observerCreateBodySchema = z.strictObject({
  account: subAccountNameSchema,
  nickname: nicknameSchema,
  expiry: z.enum(OBSERVER_EXPIRIES, { error: V.invalid }),
  permission: z.enum(OBSERVER_PERMISSIONS, { error: V.invalid }),
});
export const observerRenameBodySchema = z.strictObject({ nickname: nicknameSchema });
export const observerIdParamsSchema = z.object({ id: z.string().uuid(V.invalid) });
export const observerTokenQuerySchema = z.object({ observer_token: z.string({ error: V.required }).min(1, V.required).max(128, V.tooLong) });

export const observerLinkSchema = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string(),
  permission: z.enum(OBSERVER_PERMISSIONS),
  expiry: z.enum(OBSERVER_EXPIRIES),
  /** null: until revoked. */
  expires_at: z.string().nullable(),
  status: z.enum(OBSERVER_STATUSES),
  /** The token masked: its last characters only (the full token is shown once, at creation). */
  token_masked: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export const observerLinkListSchema = z.array(observerLinkSchema);
/** The answer to creating a link: the link and, this once, its token. */
export const observerCreatedSchema = z.object({ link: observerLinkSchema, token: z.string() });
/** What GET /users/observer/info says about a token: whose view it opens and which pages. */
export const observerInfoSchema = z.object({
  nickname: z.string(),
  account: z.string(),
  /** The coin the sub-account mined last: the link opens on it (null: the pool's first coin). */
  coin: z.string().nullable(),
  permission: z.enum(OBSERVER_PERMISSIONS),
  pages: z.array(z.string()),
  expires_at: z.string().nullable(),
});

export type ObserverCreateBody = z.infer<typeof observerCreateBodySchema>;
export type ObserverLink = z.infer<typeof observerLinkSchema>;
export type ObserverCreated = z.infer<typeof observerCreatedSchema>;
export type ObserverInfo = z.infer<typeof observerInfoSchema>;
