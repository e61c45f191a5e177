// AccountDirectory: what other modules may ask about sub-accounts (the accounts module owns their
// tables). Every call takes an optional transaction handle, so a caller inside a transaction reads
// through it (on PGlite, a read outside it would wait for the transaction and never return).
import type { Language } from '@hashpool/shared';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { findAccountOfUserByName } from './accounts.repository';
import * as repo from './directory.repository';

export interface AccountRecipient {
  accountId: string;
  accountName: string;
  userId: string;
  language: Language;
  /** Where notices go: the notification mailbox, else the login email; null when neither is set. */
  mailbox: string | null;
}

/** A sub-account id as the database writes it (lower-case, canonical): an owner of the mining history that may be one. */
const ACCOUNT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A user who registered with another's invitation code, as the inviter's page lists them. */
export interface InviteeContact {
  email: string | null;
  phoneCountry: string | null;
  phone: string | null;
  createdAt: Date;
}

/** Who invited the owner of a sub-account, and the inviter's default sub-account (where rewards go). */
export interface AccountInviter {
  accountId: string;
  inviteeId: string;
  inviterId: string;
  homeAccountId: string;
}

export class AccountDirectory {
  constructor(private readonly db: Db) {}

  /**
   * Whether the user may act or be read for now: active and not login-disabled. What a user
   * handed out (an application's access token, an observer link) stops with their own login.
   */
  maySignIn(userId: string, db: DbOrTx = this.db): Promise<boolean> {
    return repo.userMaySignIn(db, userId);
  }

  /** The operators an operations alert goes to: admins and the holders of `roles` (active users). */
  operators(roles: readonly string[]) {
    return repo.operatorsWithRoles(this.db, roles);
  }

  /** Sub-account ids by lower-cased name, for the names that exist. */
  idsByNames(names: string[], db: DbOrTx = this.db): Promise<Map<string, string>> {
    return repo.accountIdsByNames(db, names);
  }

  async idByName(name: string, db: DbOrTx = this.db): Promise<string | undefined> {
    return (await repo.accountIdsByNames(db, [name])).get(name.toLowerCase());
  }

  /** Names by id, for the ids that exist. */
  namesByIds(ids: string[], db: DbOrTx = this.db): Promise<Map<string, string>> {
    return repo.accountNamesByIds(db, [...new Set(ids)]);
  }

  async nameOf(id: string, db: DbOrTx = this.db): Promise<string | undefined> {
    return (await repo.accountNamesByIds(db, [id])).get(id);
  }

  /** Users' login emails by user id (operators named in the audit log, for instance). */
  emailsOf(userIds: string[], db: DbOrTx = this.db): Promise<Map<string, string | null>> {
    return repo.emailsByUserIds(db, [...new Set(userIds)]);
  }

  /** How to show each user to operators: the email, else the phone, else the default sub-account's name. */
  namesOf(userIds: string[], db: DbOrTx = this.db): Promise<Map<string, string | null>> {
    return repo.namesByUserIds(db, [...new Set(userIds)]);
  }

  /** Who is told about each sub-account, by sub-account id. */
  async recipients(ids: string[], db: DbOrTx = this.db): Promise<Map<string, AccountRecipient>> {
    const rows = await repo.accountRecipients(db, [...new Set(ids)]);
    return new Map(rows.map((r) => [r.account_id, { accountId: r.account_id, accountName: r.account_name, userId: r.user_id, language: r.language, mailbox: r.mailbox }]));
  }

  /**
   * The user's own sub-account of that name (case-insensitive), as routes with an account in the
   * path need it; another user's answers exactly like a missing one (not_found).
   */
  async owned(userId: string, name: string, db: DbOrTx = this.db): Promise<{ id: string; name: string }> {
    const account = await findAccountOfUserByName(db, userId, name);
    if (!account) throw new AppError('not_found');
    return { id: account.id, name: account.name };
  }

  /** Any sub-account by name (case-insensitive), with its owner: a transfer's receiver, an operator's lookup. */
  async byName(name: string, db: DbOrTx = this.db): Promise<{ id: string; name: string; userId: string } | undefined> {
    const row = await repo.accountByName(db, name);
    return row ? { id: row.id, name: row.name, userId: row.user_id } : undefined;
  }

  /** The user's main (default) sub-account id: where red packets pay. */
  defaultAccountOf(userId: string, db: DbOrTx = this.db): Promise<string | undefined> {
    return repo.defaultAccountOfUser(db, userId);
  }

  /** Every sub-account id of the user. */
  accountIdsOf(userId: string, db: DbOrTx = this.db): Promise<string[]> {
    return repo.accountIdsOfUser(db, userId);
  }

  /** The owning user id of each sub-account, by sub-account id. */
  ownersOf(accountIds: string[], db: DbOrTx = this.db): Promise<Map<string, string>> {
    return repo.ownersOfAccounts(db, [...new Set(accountIds)]);
  }

  /** True when the sub-account belongs to the user. */
  async owns(userId: string, accountId: string, db: DbOrTx = this.db): Promise<boolean> {
    return (await repo.accountsOwnedBy(db, userId, [accountId])).has(accountId);
  }

  /**
   * The sub-account ids among `owners` (the mining history's owners: sub-account ids or addresses),
   * in one read however many there are.
   */
  accountIdsAmong(owners: readonly string[], db: DbOrTx = this.db): Promise<Set<string>> {
    return repo.existingAccountIds(db, [...new Set(owners.filter((o) => ACCOUNT_ID.test(o)))]);
  }

  /** Where and in which language a user is told about their support tickets, and which second channels are bound. */
  async contactOf(userId: string, db: DbOrTx = this.db): Promise<{ mailbox: string | null; language: Language; hasEmail: boolean; hasAuthenticator: boolean } | undefined> {
    const row = await repo.userContact(db, userId);
    return row && { mailbox: row.mailbox, language: row.language, hasEmail: row.has_email, hasAuthenticator: row.has_authenticator };
  }

  /** The user's timezone ("UTC+08:00"); undefined for an unknown user. */
  timezoneOf(userId: string, db: DbOrTx = this.db): Promise<string | undefined> {
    return repo.userTimezone(db, userId);
  }

  // ---- the referral programme: a user's invitation code and the users who registered with it ----

  /** The user's invitation code; undefined for an unknown user. */
  inviteCodeOf(userId: string, db: DbOrTx = this.db): Promise<string | undefined> {
    return repo.inviteCodeOf(db, userId);
  }

  /** How many users registered with the user's code. */
  inviteeCount(userId: string, db: DbOrTx = this.db): Promise<number> {
    return repo.inviteeCount(db, userId);
  }

  /** A page of the users who registered with the user's code, newest first, with their number. */
  async invitees(userId: string, page: { page: number; page_size: number }, db: DbOrTx = this.db): Promise<{ list: InviteeContact[]; total: number }> {
    const [list, total] = await Promise.all([repo.inviteesPage(db, userId, (page.page - 1) * page.page_size, page.page_size), repo.inviteeCount(db, userId)]);
    return { list, total };
  }

  /**
   * For the sub-accounts of `accountIds` whose owner was invited: the inviter and the inviter's
   * default sub-account (none when the inviter has none), in one read.
   */
  async invitersOf(accountIds: readonly string[], db: DbOrTx = this.db): Promise<AccountInviter[]> {
    const rows = await repo.invitersOfAccounts(db, [...new Set(accountIds)]);
    return rows.map((r) => ({ accountId: r.account_id, inviteeId: r.invitee_id, inviterId: r.inviter_id, homeAccountId: r.home_id }));
  }
}
