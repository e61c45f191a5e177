// Support tickets (docs/rules.md, Support tickets): a user's tickets with their thread
// and attachments, and the operators' queue.
import { z } from 'zod';
import { pageOf } from './envelope';
import { V, pageQuerySchema } from '../validation';

export const TICKET_TYPES = ['mining', 'payment', 'general', 'bug', 'suggestion'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];
/** open: waits for an operator; waiting_user: an operator asked the user something; answered; closed (final). */
export const TICKET_STATUSES = ['open', 'waiting_user', 'answered', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Attachments per message and their size (images or PDF, typed by their bytes). */
export const TICKET_MAX_ATTACHMENTS = 5;
export const TICKET_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

const text = (max: number) => z.string({ error: V.required }).trim().min(1, V.required).max(max, V.tooLong);
const attachmentIds = z.array(z.string().uuid(V.invalid)).max(TICKET_MAX_ATTACHMENTS, V.tooBig).default([]);

export const ticketCreateBodySchema = z.strictObject({
  title: text(120),
  content: text(5000),
  type: z.enum(TICKET_TYPES, { error: V.invalid }),
  attachment_ids: attachmentIds,
});
export const ticketReplyBodySchema = z.strictObject({ content: text(5000), attachment_ids: attachmentIds });
export const ticketAnswerBodySchema = z.strictObject({
  content: text(5000),
  /** answered (the default) or waiting_user (the operator asks the user for something). */
  status: z.enum(['answered', 'waiting_user']).default('answered'),
});
export const ticketNoteBodySchema = z.strictObject({ content: text(5000) });
export const ticketAssignBodySchema = z.strictObject({ assign: z.enum(['me', 'none']) });
export const ticketIdParamsSchema = z.object({ id: z.coerce.number().int(V.integer).positive(V.invalid).max(2 ** 31 - 1, V.tooBig) });
export const ticketFileParamsSchema = ticketIdParamsSchema.extend({ fileId: z.string().uuid(V.invalid) });

export const ticketQuerySchema = pageQuerySchema.extend({ status: z.enum(TICKET_STATUSES).optional() });
export const adminTicketQuerySchema = ticketQuerySchema.extend({
  type: z.enum(TICKET_TYPES).optional(),
  assignee: z.enum(['me', 'none']).optional(),
});

export const ticketAttachmentSchema = z.object({ id: z.string(), name: z.string(), type: z.string(), size: z.number().int() });
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

export const ticketMessageSchema = z.object({
  id: z.number().int(),
  /** user: the ticket's owner; operator: support (never named to the user). */
  author: z.enum(['user', 'operator']),
  content: z.string(),
  /** Operators' notes: only in the admin answers. */
  internal: z.boolean(),
  attachments: z.array(ticketAttachmentSchema),
  created_at: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.enum(TICKET_TYPES),
  status: z.enum(TICKET_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;
export const ticketPageSchema = pageOf(ticketSummarySchema);
export const ticketDetailSchema = ticketSummarySchema.extend({ messages: z.array(ticketMessageSchema) });
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const adminTicketSummarySchema = ticketSummarySchema.extend({
  user_email: z.string().nullable(),
  assignee_email: z.string().nullable(),
  assigned_to_me: z.boolean(),
});
export type AdminTicketSummary = z.infer<typeof adminTicketSummarySchema>;
export const adminTicketPageSchema = pageOf(adminTicketSummarySchema);
export const adminTicketDetailSchema = adminTicketSummarySchema.extend({ messages: z.array(ticketMessageSchema) });
export type AdminTicketDetail = z.infer<typeof adminTicketDetailSchema>;
