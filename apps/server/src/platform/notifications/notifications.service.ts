// The message centre (/user/message): modules post messages to a user (in their own transaction
// when they pass one, so a message never outlives a rolled-back change), and the user reads, marks
// and deletes their own. The types are MESSAGE_TYPES of packages/shared; clients word them.
import type { MessageType } from '@hashpool/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../clock';
import * as repo from './notifications.repository';
import type { MessageParams } from './notifications.tables';

export interface MessageInput {
  userId: string;
  /** The sub-account the message is about, if any. */
  accountId?: string | null;
  type: MessageType;
  params: MessageParams;
}

/**
 * Messages are kept this long: an alert that keeps firing posts up to 24 a day, and the centre's
 * counts read all of a user's messages. The oldest go when a newer one is posted to the user.
 */
export const MESSAGE_RETENTION_DAYS = 180;
/** At most this many old messages go per post (a burst of posts clears a long history in steps). */
const PRUNE_PER_POST = 100;

export class Notifications {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Posts a message, in `tx` when given (the change it reports commits or rolls back with it), and
   * lets the user's messages older than MESSAGE_RETENTION_DAYS go.
   */
  async post(message: MessageInput, tx: DbOrTx = this.db, at: Date = this.clock.now()): Promise<void> {
    await repo.insertMessage(tx, { userId: message.userId, accountId: message.accountId ?? null, type: message.type, params: message.params, createdAt: at });
    await repo.deleteMessagesBefore(tx, message.userId, new Date(this.clock.now().getTime() - MESSAGE_RETENTION_DAYS * 86_400_000), PRUNE_PER_POST);
  }

  /**
   * One operations alert to each of `operators`, in `tx` (with the mark that it was told, so that
   * it is told once). The operators are read before the transaction: an embedded database serves
   * one connection at a time.
   */
  async alertOperators(operators: ReadonlyArray<{ userId: string }>, params: MessageParams, tx: DbOrTx = this.db): Promise<void> {
    for (const o of operators) await this.post({ userId: o.userId, type: 'operations_alert', params }, tx);
  }

  async page(userId: string, q: { page: number; page_size: number; type?: MessageType | undefined; unread?: 'true' | 'false' | undefined }) {
    const { rows, total, unread } = await repo.pageMessages(this.db, userId, { offset: (q.page - 1) * q.page_size, limit: q.page_size, type: q.type, unreadOnly: q.unread === 'true' });
    return {
      list: rows.map((m) => ({ id: m.id, type: m.type, params: m.params, read: m.readAt !== null, created_at: m.createdAt.toISOString() })),
      total,
      unread,
    };
  }

  markRead(userId: string, ids: number[] | undefined, all: boolean | undefined): Promise<number> {
    if (!all && !ids?.length) return Promise.resolve(0);
    return repo.markMessagesRead(this.db, userId, all ? 'all' : ids!, this.clock.now());
  }

  remove(userId: string, ids: number[] | undefined, all: boolean | undefined): Promise<number> {
    if (!all && !ids?.length) return Promise.resolve(0);
    return repo.deleteMessages(this.db, userId, all ? 'all' : ids!);
  }
}
