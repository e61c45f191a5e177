// HTTP of the operators' content screens (admin policy; every change audited).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminContentItemSchema, adminContentListSchema, contentImageParamsSchema, contentImageSchema, contentItemBodySchema, contentItemParamsSchema, contentKindParamsSchema, envelope } from '@hashpool/shared';
import { access } from '../../platform/access';
import { ok } from '../../platform/errors';
import { perMinute } from '../../platform/request-context';
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

    app.post('/admin/content/images', {
      config: { access: access.operator('content'), ...perMinute(30) },
      schema: { tags, summary: 'Upload a banner or advertisement image (PNG, JPEG or WebP by its bytes, at most 2 MB; multipart field "file")', consumes: ['multipart/form-data'], response: { 200: envelope(contentImageSchema) } },
    }, async (request) => ok(request, await admin.uploadImage(request, request.principal!.userId)));

    app.get('/admin/content/images/:id', {
      config: { access: access.operator('content') },
      schema: { tags, summary: 'A content image, published or not (the editor\'s preview)', params: contentImageParamsSchema },
    }, async (request, reply) => admin.sendImage(reply, request.params.id));

    // Public, but only the images of published items (the banners and advertisements visitors see).
    app.get('/content/images/:id', {
      config: { access: access.public, ...perMinute(300) },
      schema: { tags: ['content'], summary: 'An image of a published banner or advertisement', params: contentImageParamsSchema },
    }, async (request, reply) => admin.sendPublishedImage(reply, request.params.id));

    app.delete('/admin/content/:kind/:id', {
      config: { access: access.operator('content') },
      schema: { tags, summary: 'Delete an item', params: contentItemParamsSchema, response: { 200: envelope(z.object({ id: z.number().int() })) } },
    }, async (request) => ok(request, await admin.remove(request.principal!.userId, request.params.kind, request.params.id)));
  };
}
