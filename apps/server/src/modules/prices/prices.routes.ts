// HTTP of the operators' prices screen (admin; finance too, as prices decide money): the source,
// each coin's price and currency's rate with its source, time and stale flag, and the override.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, priceOverrideBodySchema, priceParamsSchema, priceQuoteSchema, priceStatusSchema } from '@hashpool/shared';
import { access } from '../../platform/access';
import { ok } from '../../platform/errors';
import type { PricesService } from './prices.service';

export function pricesRoutes(prices: PricesService) {
  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin'];
    const me = (request: FastifyRequest) => request.principal!.userId;

    app.get('/admin/prices', {
      config: { access: access.operator('finance') },
      schema: { tags, summary: 'Coin prices and currency rates: source, value, last update and whether each is stale', response: { 200: envelope(priceStatusSchema) } },
    }, async (request) => ok(request, await prices.status()));

    app.put('/admin/prices/:kind/:code', {
      config: { access: access.operator('finance') },
      schema: { tags, summary: 'Set a coin price (USD) or a currency rate (per 1 CNY) by hand, with a reason (audited)', params: priceParamsSchema, body: priceOverrideBodySchema, response: { 200: envelope(priceQuoteSchema) } },
    }, async (request) => ok(request, await prices.override(me(request), request.params.kind, request.params.code, request.body.value, request.body.reason)));
  };
}
