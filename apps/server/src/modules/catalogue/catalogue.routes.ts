// HTTP of the miner catalogue: public models, ranking and market figures; operators' edits.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminMinerListSchema,
  coinMarketListSchema,
  envelope,
  minerDetailSchema,
  minerIdParamsSchema,
  minerModelBodySchema,
  minerModelSchema,
  minerRankingQuerySchema,
  minerRankingSchema,
} from '@hashpool/shared';
import { access } from '../../platform/access';
import { ok } from '../../platform/errors';
import type { CatalogueService } from './catalogue.service';

export function catalogueRoutes(catalogue: CatalogueService) {
  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const tags = ['catalogue'];

    app.get('/miners/ranking', {
      config: { access: access.public },
      schema: { tags, summary: 'Miner models ranked by daily net profit at an electricity price (USD/kWh), computed from the latest market data', querystring: minerRankingQuerySchema, response: { 200: envelope(minerRankingSchema) } },
    }, async (request) => ok(request, await catalogue.ranking(request.query)));

    app.get('/miners/market', {
      config: { access: access.public },
      schema: { tags, summary: "Each coin's latest market figures and pool fee, for the calculators", response: { 200: envelope(coinMarketListSchema) } },
    }, async (request) => ok(request, await catalogue.market()));

    app.get('/miners/:id', {
      config: { access: access.public },
      schema: { tags, summary: "A miner model with its algorithm's coins' market figures", params: minerIdParamsSchema, response: { 200: envelope(minerDetailSchema) } },
    }, async (request) => ok(request, await catalogue.detail(request.params.id)));

    const adminTags = ['admin', 'catalogue'];
    app.get('/admin/miners', {
      config: { access: access.operator('content') },
      schema: { tags: adminTags, summary: 'Every miner model, disabled ones included', response: { 200: envelope(adminMinerListSchema) } },
    }, async (request) => ok(request, await catalogue.adminList()));

    app.post('/admin/miners', {
      config: { access: access.operator('content') },
      schema: { tags: adminTags, summary: 'Add a miner model', body: minerModelBodySchema, response: { 200: envelope(minerModelSchema) } },
    }, async (request) => ok(request, await catalogue.create(request.principal!.userId, request.body)));

    app.put('/admin/miners/:id', {
      config: { access: access.operator('content') },
      schema: { tags: adminTags, summary: 'Edit a miner model (disable it to hide it)', params: minerIdParamsSchema, body: minerModelBodySchema, response: { 200: envelope(minerModelSchema) } },
    }, async (request) => ok(request, await catalogue.update(request.principal!.userId, request.params.id, request.body)));
  };
}
