// Lookups other modules make about sub-accounts and their owners (through AccountDirectory, never
// by reading these tables themselves): names for public pages and messages, ids from the names
// stratum nodes send, who to tell about a sub-account and in which language, which owners of the
// mining history are sub-accounts, a user's timezone, and who invited whom (the referral programme).
import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Language } from '@hashpool/shared';
import { queryRows, sqlArray, type DbOrTx } from '../../db/client';
import { roles, userRoles, users } from './accounts.tables';

export async function accountIdsByNames(db: DbOrTx, names: string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await queryRows<{ name: string; id: string }>(db, sql`select lower(name) as name, id::text as id from mining_accounts where lower(name) = any(${sqlArray(names.map((n) => n.toLowerCase()))}::text[])`);
  return new Map(rows.map((r) => [r.name, r.id]));
}

export async function accountNamesByIds(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; name: string }>(db, sql`select id::text as id, name from mining_accounts where id = any(${sqlArray(ids)}::uuid[])`);
  return new Map(rows.map((r) => [r.id, r.name]));
}

export interface AccountRecipientRow {
  account_id: string;
  account_name: string;
  user_id: string;
  language: Language;
  mailbox: string | null;
}

export function accountRecipients(db: DbOrTx, ids: string[]): Promise<AccountRecipientRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<AccountRecipientRow>(
    db,
    sql`select m.id::text as account_id, m.name as account_name, u.id::text as user_id, u.language, coalesce(u.notify_email, u.email) as mailbox
          from mining_accounts m join users u on u.id = m.user_id
         where m.id = any(${sqlArray(ids)}::uuid[])`,
  );
}

/** The sub-accounts of `ids` that belong to the user. */
export async function accountsOwnedBy(db: DbOrTx, userId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(db, sql`select id::text as id from mining_accounts where user_id = ${userId} and id = any(${sqlArray(ids)}::uuid[])`);
  return new Set(rows.map((r) => r.id));
}

export async function emailsByUserIds(db: DbOrTx, ids: string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; email: string | null }>(db, sql`select id::text as id, email from users where id = any(${sqlArray(ids)}::uuid[])`);
  return new Map(rows.map((r) => [r.id, r.email]));
}

export async function namesByUserIds(db: DbOrTx, ids: string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; name: string | null }>(
    db,
    sql`select u.id::text as id, coalesce(u.email, case when u.phone is not null then '+' || coalesce(u.phone_country, '') || ' ' || u.phone end, (select m.name from mining_accounts m where m.user_id = u.id order by m.is_default desc, m.created_at limit 1)) as name
        from users u where u.id = any(${sqlArray(ids)}::uuid[])`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function accountByName(db: DbOrTx, name: string): Promise<{ id: string; name: string; user_id: string } | undefined> {
  const [row] = await queryRows<{ id: string; name: string; user_id: string }>(db, sql`select id::text as id, name, user_id::text as user_id from mining_accounts where lower(name) = ${name.toLowerCase()}`);
  return row;
}

export async function defaultAccountOfUser(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await queryRows<{ id: string }>(db, sql`select id::text as id from mining_accounts where user_id = ${userId} and is_default order by created_at limit 1`);
  return row?.id;
}

export async function accountIdsOfUser(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(db, sql`select id::text as id from mining_accounts where user_id = ${userId}`);
  return rows.map((r) => r.id);
}

export async function ownersOfAccounts(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; user_id: string }>(db, sql`select id::text as id, user_id::text as user_id from mining_accounts where id = any(${sqlArray(ids)}::uuid[])`);
  return new Map(rows.map((r) => [r.id, r.user_id]));
}

/** The ids of `ids` that are sub-accounts (ids written as the database writes a uuid). */
export async function existingAccountIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(db, sql`select id::text as id from mining_accounts where id = any(${sqlArray(ids)}::uuid[])`);
  return new Set(rows.map((r) => r.id));
}

/** The user's timezone ("UTC+08:00"), if the user exists. */
/** True when the user exists, is active (not cancelled or closed) and an operator has not disabled their login. */
export async function userMaySignIn(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ status: users.status, disabledAt: users.loginDisabledAt }).from(users).where(eq(users.id, userId));
  return row?.status === 'active' && row.disabledAt === null;
}

export async function userTimezone(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId));
  return row?.timezone;
}

/** The user's own invitation code, if the user exists. */
export async function inviteCodeOf(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ code: users.inviteCode }).from(users).where(eq(users.id, userId));
  return row?.code;
}

/** How many users registered with the user's code. */
export async function inviteeCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.invitedBy, userId));
  return row?.n ?? 0;
}

/** A page of the users who registered with the user's code, newest first: their contact and when. */
export function inviteesPage(db: DbOrTx, userId: string, offset: number, limit: number) {
  return db
    .select({ email: users.email, phoneCountry: users.phoneCountry, phone: users.phone, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.invitedBy, userId))
    .orderBy(desc(users.createdAt))
    .limit(limit)
    .offset(offset);
}

export interface InviterRow {
  /** A sub-account of an invited user. */
  account_id: string;
  /** The invited user (the sub-account's owner), who invited them, and the inviter's default sub-account. */
  invitee_id: string;
  inviter_id: string;
  home_id: string;
}

/** For the sub-accounts of `ids` whose owner registered with an invitation code: the inviter and the inviter's default sub-account. */
export function invitersOfAccounts(db: DbOrTx, ids: string[]): Promise<InviterRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<InviterRow>(
    db,
    sql`select m.id::text as account_id, invitee.id::text as invitee_id, inviter.id::text as inviter_id, home.id::text as home_id
          from mining_accounts m
          join users invitee on invitee.id = m.user_id
          join users inviter on inviter.id = invitee.invited_by
          join mining_accounts home on home.user_id = inviter.id and home.is_default
         where m.id = any(${sqlArray(ids)}::uuid[])`,
  );
}

/** A user's contact for support: the mailbox notices go to, the language, and whether email or an authenticator is bound. */
export async function userContact(db: DbOrTx, userId: string): Promise<{ mailbox: string | null; language: Language; has_email: boolean; has_authenticator: boolean } | undefined> {
  const [row] = await queryRows<{ mailbox: string | null; language: Language; has_email: boolean; has_authenticator: boolean }>(
    db,
    sql`select coalesce(notify_email, email) as mailbox, language, (email is not null) as has_email, (totp_secret is not null) as has_authenticator from users where id = ${userId}`,
  );
  return row;
}
/** Active users holding one of `roleNames` or an admin role: whom an operations alert goes to. */
export async function operatorsWithRoles(db: DbOrTx, roleNames: readonly string[]): Promise<Array<{ userId: string; email: string | null; notifyEmail: string | null; language: Language }>> {
  return db
    .selectDistinct({ userId: users.id, email: users.email, notifyEmail: users.notifyEmail, language: users.language })
    .from(userRoles)
    .innerJoin(roles, eq(roles.name, userRoles.role))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(users.status, 'active'), or(eq(roles.isAdmin, true), inArray(roles.name, [...roleNames]))));
}

