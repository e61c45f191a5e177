// Users, their mining (sub-)accounts, sessions, one-time codes, devices, roles and the security
// event log. Secrets are stored only as hashes (passwords, codes, tokens) or encrypted with a key
// kept outside the database (TOTP secrets).
import { sql } from 'drizzle-orm';
import type { Language } from '@hashpool/shared';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email'),
    /** Country calling code without "+", e.g. "86". */
    phoneCountry: text('phone_country'),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    payPasswordHash: text('pay_password_hash'),
    /** AES-256-GCM ciphertext of the base32 secret (platform/secret-box.ts). */
    totpSecret: text('totp_secret'),
    /** A secret shown to the user but not yet confirmed with a code (sealed like totpSecret). */
    totpPendingSecret: text('totp_pending_secret'),
    /** Last accepted TOTP time step: a code works once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    language: text('language').$type<Language>().notNull().default('en'),
    timezone: text('timezone').notNull().default('UTC+00:00'),
    currency: text('currency').notNull().default('USD'),
    notifyEmail: text('notify_email'),
    inviteCode: text('invite_code').notNull(),
    invitedBy: uuid('invited_by'),
    currentAccountId: uuid('current_account_id'),
    /** active; cancelling (may revive by logging in within 30 days); closed. */
    status: text('status').$type<'active' | 'cancelling' | 'closed'>().notNull().default('active'),
    cancelRequestedAt: ts('cancel_requested_at'),
    /** Last change of password, pay password, phone, email or withdraw address: starts the withdrawal hold. */
    securityChangedAt: ts('security_changed_at'),
    /** The published demo user: no new-device step, and its security settings cannot change. */
    isDemo: boolean('is_demo').notNull().default(false),
    /** Set by an operator: login and token refresh are refused until it is cleared. */
    loginDisabledAt: ts('login_disabled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_unique').on(t.phoneCountry, t.phone),
    uniqueIndex('users_invite_code_unique').on(t.inviteCode),
    check('users_status_check', sql`${t.status} in ('active', 'cancelling', 'closed')`),
    check('users_login_id_check', sql`${t.email} is not null or ${t.phone} is not null`),
  ],
);

export const miningAccounts = pgTable(
  'mining_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    /** normal or abnormal (set by risk checks, e.g. a frozen account). */
    status: text('status').$type<'normal' | 'abnormal'>().notNull().default('normal'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // Names are unique across the pool, whatever their case.
    uniqueIndex('mining_accounts_name_unique').on(sql`lower(${t.name})`),
    index('mining_accounts_user_idx').on(t.userId),
    check('mining_accounts_status_check', sql`${t.status} in ('normal', 'abnormal')`),
  ],
);

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id),
    /** All sessions made by refreshing one login share a family; reuse of an old refresh token revokes it. */
    familyId: uuid('family_id').notNull(),
    accessHash: text('access_hash').notNull(),
    accessExpiresAt: ts('access_expires_at').notNull(),
    refreshHash: text('refresh_hash').notNull(),
    refreshExpiresAt: ts('refresh_expires_at').notNull(),
    /** The family cannot outlive the login it came from. */
    absoluteExpiresAt: ts('absolute_expires_at').notNull(),
    /** Set when this session's refresh token was spent on the next session. */
    rotatedAt: ts('rotated_at'),
    revokedAt: ts('revoked_at'),
    revokeReason: text('revoke_reason'),
    deviceHash: text('device_hash'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_sessions_access_unique').on(t.accessHash),
    uniqueIndex('auth_sessions_refresh_unique').on(t.refreshHash),
    index('auth_sessions_family_idx').on(t.familyId),
    index('auth_sessions_user_idx').on(t.userId),
  ],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the code is for (register, reset_password, bind_email, withdraw ...). */
    purpose: text('purpose').notNull(),
    channel: text('channel').notNull(),
    /** Normalised email address or "+<country><number>". */
    target: text('target').notNull(),
    /** The object the code confirms (a withdrawal id, a new address); null when none. */
    objectRef: text('object_ref'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('verification_codes_lookup_idx').on(t.target, t.purpose, t.createdAt),
    check('verification_codes_channel_check', sql`${t.channel} in ('email', 'sms')`),
  ],
);

export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id').notNull().references(() => users.id),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: ts('first_seen_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

export const roles = pgTable('roles', {
  name: text('name').primaryKey(),
  permissions: jsonb('permissions').$type<string[]>().notNull(),
  isAdmin: boolean('is_admin').notNull().default(false),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id').notNull().references(() => users.id),
    role: text('role').notNull().references(() => roles.name),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const securityEvents = pgTable(
  'security_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id),
    event: text('event').notNull(),
    ip: text('ip'),
    device: text('device'),
    detail: jsonb('detail').$type<Record<string, string>>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('security_events_user_idx').on(t.userId, t.createdAt)],
);
