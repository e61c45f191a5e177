// Uploaded files (payment certificates, ticket attachments …): what was stored, for whom and why.
// The bytes are in the file store; the type here is the one read from the bytes, not the name.
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The user who uploaded it (platform-owned: no foreign key into the accounts module). */
    ownerUserId: uuid('owner_user_id').notNull(),
    /** What it is for, chosen by the module: contract_certificate, ticket_attachment … */
    purpose: text('purpose').notNull(),
    /** The MIME type read from the file's first bytes. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** The store's key: `<purpose>/<random>`. */
    storageKey: text('storage_key').notNull(),
    /** The uploader's file name, cleaned, only for the download's name. */
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('uploaded_files_owner_idx').on(t.ownerUserId, t.createdAt)],
);
