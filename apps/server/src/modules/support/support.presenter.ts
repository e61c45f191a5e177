// Rows of the support tables to answers.
import type { StoredFile } from '../../platform/files';
import type { AttachmentRow, TicketMessageRow, TicketRow } from './support.repository';

export function ticketSummary(r: TicketRow) {
  return { id: r.id, title: r.title, type: r.type, status: r.status, created_at: r.createdAt.toISOString(), updated_at: r.updatedAt.toISOString() };
}

export function attachmentView(f: StoredFile | AttachmentRow) {
  return { id: 'id' in f ? f.id : f.fileId, name: f.name, type: f.contentType, size: f.size };
}

export function messageView(m: TicketMessageRow, attachments: AttachmentRow[]) {
  return { id: m.id, author: m.author, content: m.content, internal: m.internal, attachments: attachments.map(attachmentView), created_at: m.createdAt.toISOString() };
}
