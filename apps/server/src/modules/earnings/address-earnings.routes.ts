// HTTP of address mining's earnings (docs/rules.md, The API, "Address mining"): GET
// /address-mining/{coin}/miner/{address}/profits and /address-mining/{coin}/payments/{address}.
// Public reads, counted by the global per-IP limit like the other public pages.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addressParamsSchema, addressPaymentsSchema, addressProfitsQuerySchema, addressProfitsSchema, envelope, pageQuerySchema } from '@hashpool/shared';
import { access } from '../../platform/access';
import { ok } from '../../platform/errors';
import type { AddressEarningsService } from './address-earnings.service';

export function addressEarningsRoutes(service: AddressEarningsService) {
  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const tags = ['address-mining'];

    app.get('/address-mining/:coin/miner/:address/profits', {
      config: { access: access.public },
      schema: { tags, summary: 'What an address earned per day (PPLNS per matured block), with its totals, unpaid balance and minimum payout', params: addressParamsSchema, querystring: addressProfitsQuerySchema, response: { 200: envelope(addressProfitsSchema) } },
    }, async (request) => ok(request, await service.profits(request.params.coin, request.params.address, request.query)));

    app.get('/address-mining/:coin/payments/:address', {
      config: { access: access.public },
      schema: { tags, summary: 'Payments sent to an address: time, amount, fee, txid, status', params: addressParamsSchema, querystring: pageQuerySchema, response: { 200: envelope(addressPaymentsSchema) } },
    }, async (request) => ok(request, await service.payments(request.params.coin, request.params.address, request.query)));
  };
}
