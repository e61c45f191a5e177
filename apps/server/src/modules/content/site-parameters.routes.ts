// HTTP of the site parameters screen (admin only; every change audited with its reason).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, siteParameterBodySchema, siteParameterListSchema, siteParameterSchema } from '@hashpool/shared';
import { access } from '../../platform/access';
import { ok } from '../../platform/errors';
import type { SiteParametersService } from './site-parameters.service';

export function siteParametersRoutes(parameters: SiteParametersService) {
  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin', 'content'];

    app.get('/admin/parameters', {
      config: { access: access.admin },
      schema: { tags, summary: 'The site parameters an operator edits (site name, support address, app download page)', response: { 200: envelope(siteParameterListSchema) } },
    }, async (request) => ok(request, await parameters.list()));

    app.put('/admin/parameters', {
      config: { access: access.admin },
      schema: { tags, summary: 'Change a site parameter (checked by its key\'s rule, audited with the reason)', body: siteParameterBodySchema, response: { 200: envelope(siteParameterSchema) } },
    }, async (request) => ok(request, await parameters.update(request.principal!.userId, request.body)));
  };
}
