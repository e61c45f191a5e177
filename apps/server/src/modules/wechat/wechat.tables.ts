// WeChat sign-in: which WeChat account (its unionid, nothing else of its profile) a
// user bound, and the single-use states of the QR-connect redirects in flight.
import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountRefs } from '../accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const wechatLinks = pgTable(
  'wechat_links',
  {
    /** One WeChat account per user. */
    userId: uuid('user_id').primaryKey().references(accountRefs.userId),
    /** The same for the person across the Open Platform's apps; one user per unionid. */
    unionid: text('unionid').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('wechat_links_unionid_idx').on(t.unionid)],
);

/** A redirect to WeChat in flight: its state (stored as a hash), what it is for, used once, short-lived. */
export const wechatStates = pgTable(
  'wechat_states',
  {
    stateHash: text('state_hash').primaryKey(),
    purpose: text('purpose').$type<'bind' | 'login'>().notNull(),
    /** The user binding (purpose bind); null for a login. */
    userId: uuid('user_id').references(accountRefs.userId),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [check('wechat_states_purpose_check', sql`${t.purpose} in ('bind', 'login')`)],
);
