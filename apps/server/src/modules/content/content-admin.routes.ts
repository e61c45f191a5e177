// HTTP of the operators' content screens (admin policy; every change audited).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminContentItemSchema, adminContentListSchema, contentItemBodySchema, contentItemParamsSchema, contentKindParamsSchema, envelope } from '@hashpool/shared';
import { access } from '../../platform/access';
import { ok } from '../../platform/errors';
import type { ContentAdminService } from './content-admin.service';

export function contentAdminRoutes(admin: ContentAdminService) {
  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin', 'content'];

    app.get('/admin/content/:kind', {
      config: { access: access.operator('content') },
      schema: { tags, summary: 'Every item of a kind (announcements, sliders, advertisements, footer-links), any state or window', params: contentKindParamsSchema, response: { 200: envelope(adminContentListSchema) } },
    }, async (request) => ok(request, await admin.list(request.params.kind)));

    app.post('/admin/content/:kind', {
      config: { access: access.operator('content') },
      schema: { tags, summary: 'Create an item', params: contentKindParamsSchema, body: contentItemBodySchema, response: { 200: envelope(adminContentItemSchema) } },
    }, async (request) => ok(request, await admin.create(request.principal!.userId, request.params.kind, request.body)));

    app.put('/admin/content/:kind/:id', {
      config: { access: access.operator('content') },
      schema: { tags, summary: 'Edit, schedule or retire an item', params: contentItemParamsSchema, body: contentItemBodySchema, response: { 200: envelope(adminContentItemSchema) } },
    }, async (request) => ok(request, await admin.update(request.principal!.userId, request.params.kind, request.params.id, request.body)));

    app.delete('/admin/content/:kind/:id', {
      config: { access: access.operator('content') },
      schema: { tags, summary: 'Delete an item', params: contentItemParamsSchema, response: { 200: envelope(z.object({ id: z.number().int() })) } },
    }, async (request) => ok(request, await admin.remove(request.principal!.userId, request.params.kind, request.params.id)));
  };
}
