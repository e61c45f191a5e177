// HTTP of the operators' coin list (admin only; every change audited with its reason).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminCoinBodySchema, adminCoinListSchema, adminCoinParamsSchema, adminCoinSchema, envelope } from '@hashpool/shared';
import { access } from '../../platform/access';
import { ok } from '../../platform/errors';
import type { CoinListService } from './coin-list.service';

export function coinListRoutes(coins: CoinListService) {
  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin', 'content'];

    app.get('/admin/coins', {
      config: { access: access.admin },
      schema: { tags, summary: 'Every coin of the registry with its listing (shown, order, stratum address)', response: { 200: envelope(adminCoinListSchema) } },
    }, async (request) => ok(request, await coins.list()));

    app.put('/admin/coins/:coin', {
      config: { access: access.admin },
      schema: { tags, summary: 'Change a coin\'s listing (audited with the reason; the last listed coin cannot be hidden)', params: adminCoinParamsSchema, body: adminCoinBodySchema, response: { 200: envelope(adminCoinSchema) } },
    }, async (request) => ok(request, await coins.update(request.principal!.userId, request.params.coin, request.body)));
  };
}
