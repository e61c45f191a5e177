// Support tickets: a user's ticket, its thread of messages (the user's, the operators'
// answers and their internal notes), and the uploaded files attached to the messages. The files'
// bytes and records are platform/files'; a ticket attachment is one of them, used once.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TicketStatus, TicketType } from '@hashpool/shared';
import { accountRefs } from '../accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id').notNull().references(accountRefs.userId),
    type: text('type').$type<TicketType>().notNull(),
    title: text('title').notNull(),
    status: text('status').$type<TicketStatus>().notNull().default('open'),
    /** The operator who took the ticket; null while nobody has. */
    assigneeId: uuid('assignee_id').references(accountRefs.userId),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    index('support_tickets_user_idx').on(t.userId, t.updatedAt),
    index('support_tickets_queue_idx').on(t.status, t.updatedAt),
    check('support_tickets_status_check', sql`${t.status} in ('open', 'waiting_user', 'answered', 'closed')`),
    check('support_tickets_type_check', sql`${t.type} in ('mining', 'payment', 'general', 'bug', 'suggestion')`),
  ],
);

export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: integer('ticket_id').notNull().references(() => supportTickets.id),
    authorId: uuid('author_id').notNull().references(accountRefs.userId),
    author: text('author').$type<'user' | 'operator'>().notNull(),
    content: text('content').notNull(),
    /** An operators' note: never shown to the user. */
    internal: boolean('internal').notNull().default(false),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('support_ticket_messages_ticket_idx').on(t.ticketId, t.id),
    check('support_ticket_messages_author_check', sql`${t.author} in ('user', 'operator')`),
  ],
);

/** An uploaded file (platform/files, purpose ticket_attachment) on one message; a file is attached once. */
export const supportTicketAttachments = pgTable(
  'support_ticket_attachments',
  {
    fileId: uuid('file_id').primaryKey(),
    ticketId: integer('ticket_id').notNull().references(() => supportTickets.id),
    messageId: bigint('message_id', { mode: 'number' }).notNull().references(() => supportTicketMessages.id),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
  },
  (t) => [index('support_ticket_attachments_ticket_idx').on(t.ticketId)],
);
