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

export class AccountDirectory {
  constructor(private readonly db: Db) {}

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
}
