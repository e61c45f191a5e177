// Lookups other modules make about sub-accounts and their owners (through AccountDirectory, never
// by reading these tables themselves): names for public pages and messages, ids from the names
// stratum nodes send, who to tell about a sub-account and in which language.
import { sql } from 'drizzle-orm';
import type { Language } from '@hashpool/shared';
import { queryRows, sqlArray, type DbOrTx } from '../../db/client';

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

export async function accountByName(db: DbOrTx, name: string): Promise<{ id: string; name: string; user_id: string } | undefined> {
  const [row] = await queryRows<{ id: string; name: string; user_id: string }>(db, sql`select id::text as id, name, user_id::text as user_id from mining_accounts where lower(name) = ${name.toLowerCase()}`);
  return row;
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
