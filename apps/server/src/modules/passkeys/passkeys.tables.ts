// Passkeys: a user's WebAuthn credentials, and the challenges of registrations and
// logins in progress (single use, short-lived, bound to their purpose and, for a registration, to
// the user).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountRefs } from '../accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export type PasskeyChallengePurpose = 'register' | 'authenticate';

export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(accountRefs.userId),
    /** The credential id (base64url): one credential is bound to one user, for good. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key (base64url). */
    publicKey: text('public_key').notNull(),
    /** The last signature counter seen; an answer with a counter not above it is refused (cloned authenticator). */
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    deviceType: text('device_type').$type<'singleDevice' | 'multiDevice'>().notNull(),
    backedUp: boolean('backed_up').notNull(),
    aaguid: text('aaguid').notNull(),
    nickname: text('nickname').notNull(),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId, t.createdAt),
    check('passkeys_sign_count_check', sql`${t.signCount} >= 0`),
  ],
);

export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    /** The challenge itself (base64url of 32 random bytes). */
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose').$type<PasskeyChallengePurpose>().notNull(),
    /** The user registering; null for a login (the passkey says who). */
    userId: uuid('user_id').references(accountRefs.userId),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('passkey_challenges_expires_idx').on(t.expiresAt),
    check('passkey_challenges_purpose_check', sql`${t.purpose} in ('register', 'authenticate')`),
  ],
);
