// The message centre's table (/user/message): what the pool tells a user (alerts, setting changes,
// and the products' notices to come). A message carries a type and parameters; each client words
// it in the reader's language. Platform-owned, so it points at users and sub-accounts by id
// without foreign keys into the accounts module (users are never deleted, only closed).
import type { MessageType } from '@hashpool/shared';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    accountId: uuid('account_id'),
    /** One of MESSAGE_TYPES (packages/shared). */
    type: text('type').$type<MessageType>().notNull(),
    params: jsonb('params').$type<MessageParams>().notNull(),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('messages_user_idx').on(t.userId, t.createdAt)],
);

export type MessageParams = Record<string, string | number | string[]>;
