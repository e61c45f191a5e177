// Support tickets (docs/rules.md, Support tickets). A user with a bound email or authenticator
// opens a ticket (title, content, type, attachments); the thread goes on between the user and the
// operators. Statuses: open (waits for an operator: a new ticket or a user's reply), answered or
// waiting_user (an operator answered, or asked for something), closed (by either side; final).
// Each operator answer posts a message to the user's message centre (in the answer's transaction)
// and emails the user after it commits. Operators also keep internal notes the user never sees,
// and take (assign) tickets; each of their changes is in the audit log.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TicketStatus, TicketType } from '@hashpool/shared';
import { TICKET_ATTACHMENT_MAX_BYTES } from '@hashpool/shared';
import type { Db, Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { DOCUMENT_TYPES, type FileService, type StoredFile, type UploadRule } from '../../platform/files';
import type { Mailer } from '../../platform/mailer';
import { translate } from '../../platform/messages';
import type { Notifications } from '../../platform/notifications';
import type { AccountDirectory } from '../accounts';
import * as repo from './support.repository';
import { attachmentView, messageView, ticketSummary } from './support.presenter';

export const TICKET_ATTACHMENT_RULE: UploadRule = { purpose: 'ticket_attachment', allowed: DOCUMENT_TYPES, maxBytes: TICKET_ATTACHMENT_MAX_BYTES };
/** How long an upload on no message is kept: the support job removes it after that. */
export const UNATTACHED_UPLOAD_KEEP_MS = 24 * 60 * 60_000;
/** An upload older than this is no longer attached (an hour before the job may remove it). */
export const ATTACH_WITHIN_MS = 23 * 60 * 60_000;
/** At most this many uploads on no message from one user within UNATTACHED_UPLOAD_KEEP_MS. */
export const UNATTACHED_UPLOADS_MAX = 20;
/** The total size of one user's ticket uploads within UPLOAD_QUOTA_DAYS (attached or not). */
export const UPLOAD_QUOTA_BYTES = 100 * 1024 * 1024;
export const UPLOAD_QUOTA_DAYS = 30;
/** The most messages a user sends on one ticket (the thread is read whole): then a new ticket. */
export const USER_MESSAGES_PER_TICKET_MAX = 100;
/** The most uploads the support job removes in one pass (the rest in the next). */
const CLEANUP_BATCH = 500;

export interface TicketsDeps {
  files: FileService;
  notifications: Notifications;
  mailer: Mailer;
  audit: AuditLog;
  accounts: Pick<AccountDirectory, 'contactOf' | 'emailsOf'>;
  siteName: () => Promise<string>;
  log: { warn(obj: object, msg: string): void };
}

export class TicketsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: TicketsDeps,
  ) {}

  // ---- the user's side ----------------------------------------------------------------------

  /**
   * Keeps an uploaded image or PDF for a ticket message to come (typed by its bytes, size-bounded).
   * A user with UNATTACHED_UPLOADS_MAX uploads of the last day on no message is refused before
   * the body is read (ticket_uploads_exceeded): uploads nobody attaches cannot pile up. The count
   * is made again under the user's lock where the file is recorded, so uploads sent at once cannot
   * all pass it. There too, the user's uploads of the last UPLOAD_QUOTA_DAYS may not pass
   * UPLOAD_QUOTA_BYTES in all (ticket_upload_quota_exceeded): attachments cannot fill the disk at
   * the rate limit's pace.
   */
  async upload(request: FastifyRequest, userId: string) {
    const since = new Date(this.clock.now().getTime() - UNATTACHED_UPLOAD_KEEP_MS);
    const uploads = this.deps.files.keptIdsQuery({ purpose: TICKET_ATTACHMENT_RULE.purpose, ownerUserId: userId, createdSince: since });
    const refuseWhenFull = (pending: number) => {
      if (pending >= UNATTACHED_UPLOADS_MAX) throw new AppError('ticket_uploads_exceeded', { params: { max: String(UNATTACHED_UPLOADS_MAX) } });
    };
    refuseWhenFull(await repo.countUnattached(this.db, uploads));
    const quotaSince = new Date(this.clock.now().getTime() - UPLOAD_QUOTA_DAYS * 24 * 60 * 60_000);
    const file = await this.deps.files.receive(request, userId, TICKET_ATTACHMENT_RULE, async (tx, upload) => {
      await repo.lockUploadsOf(tx, userId);
      refuseWhenFull(await repo.countUnattached(tx, uploads));
      const used = await this.deps.files.keptBytes(tx, { purpose: TICKET_ATTACHMENT_RULE.purpose, ownerUserId: userId, createdSince: quotaSince });
      if (used + upload.size > UPLOAD_QUOTA_BYTES) {
        throw new AppError('ticket_upload_quota_exceeded', { params: { max: `${UPLOAD_QUOTA_BYTES / 1024 / 1024} MB`, days: String(UPLOAD_QUOTA_DAYS) } });
      }
    });
    return attachmentView(file);
  }

  async create(userId: string, body: { title: string; content: string; type: TicketType; attachment_ids: string[] }) {
    const contact = await this.deps.accounts.contactOf(userId);
    if (!contact || (!contact.hasEmail && !contact.hasAuthenticator)) throw new AppError('ticket_needs_contact');
    const files = await this.ownUploads(userId, body.attachment_ids);
    const now = this.clock.now();
    const id = await inTransaction(this.db, async (tx) => {
      const ticket = await repo.insertTicket(tx, { userId, type: body.type, title: body.title, status: 'open', createdAt: now, updatedAt: now });
      await this.addMessage(tx, ticket.id, { authorId: userId, author: 'user', content: body.content, internal: false, createdAt: now }, files);
      return ticket.id;
    });
    return this.detail(userId, id);
  }

  async page(userId: string, q: { page: number; page_size: number; status?: TicketStatus | undefined }) {
    const { rows, total } = await repo.pageTickets(this.db, { userId, status: q.status, offset: (q.page - 1) * q.page_size, limit: q.page_size });
    return { list: rows.map(ticketSummary), total };
  }

  async detail(userId: string, id: number) {
    const ticket = await this.owned(userId, id);
    return { ...ticketSummary(ticket), messages: await this.thread(ticket.id, false) };
  }

  async reply(userId: string, id: number, body: { content: string; attachment_ids: string[] }) {
    await this.owned(userId, id);
    const files = await this.ownUploads(userId, body.attachment_ids);
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      const ticket = await repo.lockTicket(tx, id);
      if (!ticket || ticket.userId !== userId) throw new AppError('ticket_not_found');
      if (ticket.status === 'closed') throw new AppError('ticket_closed');
      if ((await repo.countUserMessages(tx, id)) >= USER_MESSAGES_PER_TICKET_MAX) {
        throw new AppError('ticket_thread_full', { params: { max: String(USER_MESSAGES_PER_TICKET_MAX) } });
      }
      await this.addMessage(tx, id, { authorId: userId, author: 'user', content: body.content, internal: false, createdAt: now }, files);
      await repo.updateTicket(tx, id, { status: 'open', updatedAt: now });
    });
    return this.detail(userId, id);
  }

  /** Closes the user's ticket; closing a closed one changes nothing. */
  async close(userId: string, id: number) {
    await inTransaction(this.db, async (tx) => {
      const ticket = await repo.lockTicket(tx, id);
      if (!ticket || ticket.userId !== userId) throw new AppError('ticket_not_found');
      if (ticket.status === 'closed') return;
      const now = this.clock.now();
      await repo.updateTicket(tx, id, { status: 'closed', updatedAt: now, closedAt: now });
    });
    return this.detail(userId, id);
  }

  /** Sends an attachment of the user's own ticket (not one of an internal note). */
  async sendOwnFile(reply: FastifyReply, userId: string, id: number, fileId: string) {
    await this.owned(userId, id);
    const attachment = await repo.findAttachment(this.db, id, fileId);
    if (!attachment || (await repo.messageIsInternal(this.db, attachment.messageId))) throw new AppError('not_found');
    return this.deps.files.send(reply, await this.deps.files.find(fileId, TICKET_ATTACHMENT_RULE.purpose));
  }

  // ---- the operators' side --------------------------------------------------------------------

  async queue(adminId: string, q: { page: number; page_size: number; status?: TicketStatus | undefined; type?: TicketType | undefined; assignee?: 'me' | 'none' | undefined }) {
    const assignee = q.assignee === 'me' ? adminId : q.assignee === 'none' ? null : undefined;
    const { rows, total } = await repo.pageTickets(this.db, { status: q.status, type: q.type, assignee, offset: (q.page - 1) * q.page_size, limit: q.page_size });
    const emails = await this.deps.accounts.emailsOf(rows.flatMap((r) => [r.userId, ...(r.assigneeId ? [r.assigneeId] : [])]));
    return { list: rows.map((r) => this.adminSummary(r, adminId, emails)), total };
  }

  async adminDetail(adminId: string, id: number) {
    const ticket = await this.existing(id);
    const emails = await this.deps.accounts.emailsOf([ticket.userId, ...(ticket.assigneeId ? [ticket.assigneeId] : [])]);
    return { ...this.adminSummary(ticket, adminId, emails), messages: await this.thread(id, true) };
  }

  /** An operator's answer: the ticket becomes answered (or waiting_user); the user is told. */
  async answer(adminId: string, id: number, body: { content: string; status: 'answered' | 'waiting_user' }) {
    const now = this.clock.now();
    const ticket = await inTransaction(this.db, async (tx) => {
      const row = await repo.lockTicket(tx, id);
      if (!row) throw new AppError('ticket_not_found');
      if (row.status === 'closed') throw new AppError('ticket_closed');
      await repo.insertMessage(tx, { ticketId: id, authorId: adminId, author: 'operator', content: body.content, internal: false, createdAt: now });
      await repo.updateTicket(tx, id, { status: body.status, updatedAt: now, assigneeId: row.assigneeId ?? adminId });
      await this.deps.notifications.post({ userId: row.userId, type: 'ticket_answered', params: { ticket: id, title: row.title, status: body.status } }, tx, now);
      await this.deps.audit.record({ adminUserId: adminId, action: 'ticket_answer', target: `ticket:${id}`, detail: { from: row.status, to: body.status } }, tx);
      return row;
    });
    await this.mailAnswer(ticket);
    return this.adminDetail(adminId, id);
  }

  /** An internal note: kept in the thread for operators only; the status does not change. */
  async note(adminId: string, id: number, content: string) {
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      const row = await repo.lockTicket(tx, id);
      if (!row) throw new AppError('ticket_not_found');
      await repo.insertMessage(tx, { ticketId: id, authorId: adminId, author: 'operator', content, internal: true, createdAt: now });
      await this.deps.audit.record({ adminUserId: adminId, action: 'ticket_note', target: `ticket:${id}`, detail: {} }, tx);
    });
    return this.adminDetail(adminId, id);
  }

  async assign(adminId: string, id: number, assign: 'me' | 'none') {
    await inTransaction(this.db, async (tx) => {
      const row = await repo.lockTicket(tx, id);
      if (!row) throw new AppError('ticket_not_found');
      const to = assign === 'me' ? adminId : null;
      if (row.assigneeId === to) return;
      await repo.updateTicket(tx, id, { assigneeId: to });
      await this.deps.audit.record({ adminUserId: adminId, action: 'ticket_assign', target: `ticket:${id}`, detail: { from: row.assigneeId ?? '', to: to ?? '' } }, tx);
    });
    return this.adminDetail(adminId, id);
  }

  async adminClose(adminId: string, id: number) {
    await inTransaction(this.db, async (tx) => {
      const row = await repo.lockTicket(tx, id);
      if (!row) throw new AppError('ticket_not_found');
      if (row.status === 'closed') return;
      const now = this.clock.now();
      await repo.updateTicket(tx, id, { status: 'closed', updatedAt: now, closedAt: now });
      await this.deps.audit.record({ adminUserId: adminId, action: 'ticket_close', target: `ticket:${id}`, detail: { from: row.status } }, tx);
    });
    return this.adminDetail(adminId, id);
  }

  async sendAnyFile(reply: FastifyReply, id: number, fileId: string) {
    const attachment = await repo.findAttachment(this.db, id, fileId);
    if (!attachment) throw new AppError('not_found');
    return this.deps.files.send(reply, await this.deps.files.find(fileId, TICKET_ATTACHMENT_RULE.purpose));
  }

  // ---- the support job -------------------------------------------------------------------------

  /**
   * Removes uploads on no message older than UNATTACHED_UPLOAD_KEEP_MS (their bytes go, the record
   * stays marked deleted), at most CLEANUP_BATCH a pass; answers how many. One that fails is
   * logged and tried again at the next pass.
   */
  async removeStaleUploads(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - UNATTACHED_UPLOAD_KEEP_MS);
    const ids = await repo.unattachedIds(this.db, this.deps.files.keptIdsQuery({ purpose: TICKET_ATTACHMENT_RULE.purpose, createdBefore: before }), CLEANUP_BATCH);
    let removed = 0;
    for (const id of ids) {
      try {
        await this.deps.files.remove(await this.deps.files.find(id, TICKET_ATTACHMENT_RULE.purpose));
        removed++;
      } catch (error) {
        this.deps.log.warn({ err: error, fileId: id }, 'unattached ticket upload not removed');
      }
    }
    return removed;
  }

  // ---- shared ---------------------------------------------------------------------------------

  private async owned(userId: string, id: number): Promise<repo.TicketRow> {
    const ticket = await repo.findTicket(this.db, id);
    // Another user's ticket answers exactly like a missing one.
    if (!ticket || ticket.userId !== userId) throw new AppError('ticket_not_found');
    return ticket;
  }

  private async existing(id: number): Promise<repo.TicketRow> {
    const ticket = await repo.findTicket(this.db, id);
    if (!ticket) throw new AppError('ticket_not_found');
    return ticket;
  }

  /**
   * The caller's own uploads of the ticket purpose (read before the transaction), made within
   * ATTACH_WITHIN_MS: an older one may be removed by the support job meanwhile.
   */
  private async ownUploads(userId: string, ids: string[]): Promise<StoredFile[]> {
    const unique = [...new Set(ids)];
    const oldest = this.clock.now().getTime() - ATTACH_WITHIN_MS;
    return Promise.all(
      unique.map(async (fileId) => {
        const file = await this.deps.files.find(fileId, TICKET_ATTACHMENT_RULE.purpose).catch(() => undefined);
        if (!file || file.ownerUserId !== userId || file.createdAt.getTime() < oldest) throw new AppError('ticket_attachment_invalid');
        return file;
      }),
    );
  }

  private async addMessage(tx: Tx, ticketId: number, message: Omit<repo.TicketMessageRow, 'id' | 'ticketId'>, files: StoredFile[]) {
    const row = await repo.insertMessage(tx, { ...message, ticketId });
    const added = await repo.insertAttachments(
      tx,
      files.map((f) => ({ fileId: f.id, ticketId, messageId: row.id, name: f.name, contentType: f.contentType, size: f.size })),
    );
    // A file already on a message (this ticket's or another's) is not attached twice.
    if (added !== files.length) throw new AppError('ticket_attachment_invalid');
  }

  private async thread(ticketId: number, withInternal: boolean) {
    const messages = await repo.messagesOf(this.db, ticketId, withInternal);
    const attachments = await repo.attachmentsOf(this.db, messages.map((m) => m.id));
    return messages.map((m) => messageView(m, attachments.filter((a) => a.messageId === m.id)));
  }

  private adminSummary(r: repo.TicketRow, adminId: string, emails: Map<string, string | null>) {
    return {
      ...ticketSummary(r),
      user_email: emails.get(r.userId) ?? null,
      assignee_email: r.assigneeId ? (emails.get(r.assigneeId) ?? null) : null,
      assigned_to_me: r.assigneeId === adminId,
    };
  }

  /** Emails the owner about an answer, after it committed; a mail failure is logged, the answer stands. */
  private async mailAnswer(ticket: repo.TicketRow): Promise<void> {
    try {
      const contact = await this.deps.accounts.contactOf(ticket.userId);
      if (!contact?.mailbox) return;
      const p = { site: await this.deps.siteName(), ticket: String(ticket.id), title: ticket.title };
      await this.deps.mailer.send({ to: contact.mailbox, subject: translate(contact.language, 'mail', 'ticket_answered_subject', p), text: translate(contact.language, 'mail', 'ticket_answered_body', p) });
    } catch (error) {
      // The error's code only: an SMTP refusal's message and fields name the recipient's address.
      const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
      this.deps.log.warn({ code, responseCode, ticket: ticket.id }, 'ticket answer email not sent');
    }
  }
}
