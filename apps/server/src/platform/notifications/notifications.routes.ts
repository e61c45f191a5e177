// HTTP of the message centre: the caller's own messages only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, messageIdsBodySchema, messagePageSchema, messageQuerySchema } from '@hashpool/shared';
import { access } from '../access';
import { ok } from '../errors';
import type { Notifications } from './notifications.service';

export function notificationsRoutes(notifications: Notifications) {
  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const tags = ['messages'];
    const changed = { 200: envelope(z.object({ count: z.number().int() })) };

    app.get('/messages', {
      config: { access: access.permissions('user.view') },
      schema: { tags, summary: 'The message centre: alerts and notices, newest first, with the unread count', querystring: messageQuerySchema, response: { 200: envelope(messagePageSchema) } },
    }, async (request) => ok(request, await notifications.page(request.principal!.userId, request.query)));

    app.put('/messages/read', {
      config: { access: access.permissions('user.view') },
      schema: { tags, summary: 'Mark messages (or all) as read', body: messageIdsBodySchema, response: changed },
    }, async (request) => ok(request, { count: await notifications.markRead(request.principal!.userId, request.body.ids, request.body.all) }));

    app.delete('/messages', {
      config: { access: access.permissions('user.view') },
      schema: { tags, summary: 'Delete messages (or all)', body: messageIdsBodySchema, response: changed },
    }, async (request) => ok(request, { count: await notifications.remove(request.principal!.userId, request.body.ids, request.body.all) }));
  };
}
