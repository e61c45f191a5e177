// Observer links: a read-only view of one sub-account, opened by a random token that is
// stored only as its SHA-256 hash (the full token is shown once, at creation).
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ObserverExpiry, ObserverPermission } from '@hashpool/shared';
import { accountRefs } from '../accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const observerLinks = pgTable(
  'observer_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The owner: the user who made the link. */
    userId: uuid('user_id').notNull().references(accountRefs.userId),
    /** The one sub-account the link shows. */
    accountId: uuid('account_id').notNull().references(accountRefs.miningAccountId),
    nickname: text('nickname').notNull(),
    permission: text('permission').$type<ObserverPermission>().notNull(),
    expiry: text('expiry').$type<ObserverExpiry>().notNull(),
    /** SHA-256 of the token (hex); the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    /** The token's last characters, to tell links apart in the list. */
    tokenHint: text('token_hint').notNull(),
    /** null: until revoked. */
    expiresAt: ts('expires_at'),
    createdAt: ts('created_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** Last opened (written at most once an hour; each such opening is also in the owner's security log). */
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [
    index('observer_links_user_idx').on(t.userId, t.createdAt),
    index('observer_links_account_idx').on(t.accountId),
    check('observer_links_permission_check', sql`${t.permission} in ('read_only', 'pool', 'profit')`),
    check('observer_links_expiry_check', sql`${t.expiry} in ('day', 'week', 'month', 'forever')`),
  ],
);

export type ObserverLinkRow = typeof observerLinks.$inferSelect;
