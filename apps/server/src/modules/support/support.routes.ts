// HTTP of support tickets: the user's own tickets (/tickets) and the operators' queue
// (/admin/tickets). Operator routes take the support role (access.operator('support'): tickets,
// no money; admins too) (docs/operator-guide.md, Support queue).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminTicketDetailSchema,
  adminTicketPageSchema,
  adminTicketQuerySchema,
  envelope,
  ticketAnswerBodySchema,
  ticketAssignBodySchema,
  ticketAttachmentSchema,
  ticketCreateBodySchema,
  ticketDetailSchema,
  ticketFileParamsSchema,
  ticketIdParamsSchema,
  ticketNoteBodySchema,
  ticketPageSchema,
  ticketQuerySchema,
  ticketReplyBodySchema,
} from '@hashpool/shared';
import { access } from '../../platform/access';
import { ok } from '../../platform/errors';
import { perMinute } from '../../platform/request-context';
import type { TicketsService } from './tickets.service';

export function supportRoutes(tickets: TicketsService) {
  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const tags = ['support'];
    const user = access.permissions('user.view');

    app.post('/tickets/attachments', {
      config: { access: user, ...perMinute(20) },
      schema: { tags, summary: 'Upload a ticket attachment (image or PDF, multipart field "file"); attach it by id when sending', consumes: ['multipart/form-data'], response: { 200: envelope(ticketAttachmentSchema) } },
    }, async (request) => ok(request, await tickets.upload(request, request.principal!.userId)));

    app.post('/tickets', {
      config: { access: user, ...perMinute(10) },
      schema: { tags, summary: 'Open a ticket (needs a bound email or authenticator)', body: ticketCreateBodySchema, response: { 200: envelope(ticketDetailSchema) } },
    }, async (request) => ok(request, await tickets.create(request.principal!.userId, request.body)));

    app.get('/tickets', {
      config: { access: user },
      schema: { tags, summary: "The caller's tickets, latest activity first", querystring: ticketQuerySchema, response: { 200: envelope(ticketPageSchema) } },
    }, async (request) => ok(request, await tickets.page(request.principal!.userId, request.query)));

    app.get('/tickets/:id', {
      config: { access: user },
      schema: { tags, summary: 'A ticket of the caller with its thread', params: ticketIdParamsSchema, response: { 200: envelope(ticketDetailSchema) } },
    }, async (request) => ok(request, await tickets.detail(request.principal!.userId, request.params.id)));

    app.post('/tickets/:id/replies', {
      config: { access: user, ...perMinute(20) },
      schema: { tags, summary: 'Reply on a ticket (it goes back to the queue)', params: ticketIdParamsSchema, body: ticketReplyBodySchema, response: { 200: envelope(ticketDetailSchema) } },
    }, async (request) => ok(request, await tickets.reply(request.principal!.userId, request.params.id, request.body)));

    app.post('/tickets/:id/close', {
      config: { access: user },
      schema: { tags, summary: 'Close a ticket of the caller', params: ticketIdParamsSchema, response: { 200: envelope(ticketDetailSchema) } },
    }, async (request) => ok(request, await tickets.close(request.principal!.userId, request.params.id)));

    // Each download reads the whole file (up to 5 MB): bounded per caller beyond the global limit.
    app.get('/tickets/:id/files/:fileId', {
      config: { access: user, ...perMinute(120) },
      schema: { tags, summary: "An attachment of the caller's ticket (sent as a download)", params: ticketFileParamsSchema },
    }, async (request, reply) => tickets.sendOwnFile(reply, request.principal!.userId, request.params.id, request.params.fileId));

    // ---- operators (support role) ----
    const adminTags = ['admin', 'support'];
    const operator = access.operator('support');

    app.get('/admin/tickets', {
      config: { access: operator },
      schema: { tags: adminTags, summary: 'The support queue, filtered by status, type and assignee', querystring: adminTicketQuerySchema, response: { 200: envelope(adminTicketPageSchema) } },
    }, async (request) => ok(request, await tickets.queue(request.principal!.userId, request.query)));

    app.get('/admin/tickets/:id', {
      config: { access: operator },
      schema: { tags: adminTags, summary: 'A ticket with its whole thread, internal notes included', params: ticketIdParamsSchema, response: { 200: envelope(adminTicketDetailSchema) } },
    }, async (request) => ok(request, await tickets.adminDetail(request.principal!.userId, request.params.id)));

    app.post('/admin/tickets/:id/answers', {
      config: { access: operator },
      schema: { tags: adminTags, summary: 'Answer a ticket (the user gets a message and an email)', params: ticketIdParamsSchema, body: ticketAnswerBodySchema, response: { 200: envelope(adminTicketDetailSchema) } },
    }, async (request) => ok(request, await tickets.answer(request.principal!.userId, request.params.id, request.body)));

    app.post('/admin/tickets/:id/notes', {
      config: { access: operator },
      schema: { tags: adminTags, summary: 'Add an internal note (never shown to the user)', params: ticketIdParamsSchema, body: ticketNoteBodySchema, response: { 200: envelope(adminTicketDetailSchema) } },
    }, async (request) => ok(request, await tickets.note(request.principal!.userId, request.params.id, request.body.content)));

    app.put('/admin/tickets/:id/assignee', {
      config: { access: operator },
      schema: { tags: adminTags, summary: 'Take a ticket or release it', params: ticketIdParamsSchema, body: ticketAssignBodySchema, response: { 200: envelope(adminTicketDetailSchema) } },
    }, async (request) => ok(request, await tickets.assign(request.principal!.userId, request.params.id, request.body.assign)));

    app.post('/admin/tickets/:id/close', {
      config: { access: operator },
      schema: { tags: adminTags, summary: 'Close a ticket', params: ticketIdParamsSchema, response: { 200: envelope(adminTicketDetailSchema) } },
    }, async (request) => ok(request, await tickets.adminClose(request.principal!.userId, request.params.id)));

    app.get('/admin/tickets/:id/files/:fileId', {
      config: { access: operator, ...perMinute(120) },
      schema: { tags: adminTags, summary: 'An attachment of a ticket (sent as a download)', params: ticketFileParamsSchema },
    }, async (request, reply) => tickets.sendAnyFile(reply, request.params.id, request.params.fileId));
  };
}
