// HTTP of address mining (docs/rules.md, The API), public reads: the pools, one coin's pool, its
// blocks, charts and worker counts, and one address's figures, chart and workers. (Its earnings
// and payments: earnings/address-earnings.routes.ts.) {coin} is an address-mode coin; any other
// answers coin_not_found, a malformed address address_invalid. And ALEO's stake calculator, with
// the operators' stake schedule.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addressCoinParamsSchema,
  addressIpStatsSchema,
  addressMinerInfoSchema,
  addressParamsSchema,
  addressPoolListSchema,
  addressPoolSchema,
  addressWorkerParamsSchema,
  addressWorkerStatsSchema,
  blockPageSchema,
  envelope,
  hashrateQuerySchema,
  hashrateSeriesSchema,
  minerListQuerySchema,
  minerPageSchema,
  pageQuerySchema,
  stakeCalculatorQuerySchema,
  stakeCalculatorSchema,
  stakeScheduleBodySchema,
  stakeScheduleSchema,
} from '@hashpool/shared';
import { access } from '../../platform/access';
import { ok } from '../../platform/errors';
import type { AddressMiningService } from './address-mining.service';
import type { AleoStakeService } from './aleo-stake.service';

export function addressMiningRoutes(service: AddressMiningService, stake: AleoStakeService) {
  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const tags = ['address-mining'];
    const series = { 200: envelope(hashrateSeriesSchema) };
    const config = { access: access.public };

    app.get('/address-mining/pools', {
      config,
      schema: { tags, summary: 'The address-mode coins: pool and network hashrate, miners, workers, blocks, fee, minimum payout, address format', response: { 200: envelope(addressPoolListSchema) } },
    }, async (request) => ok(request, await service.pools()));

    app.get('/address-mining/:coin/pool/stats', {
      config,
      schema: { tags, summary: 'One address-mode coin\'s pool', params: addressCoinParamsSchema, response: { 200: envelope(addressPoolSchema) } },
    }, async (request) => ok(request, await service.pool(request.params.coin)));

    app.get('/address-mining/:coin/blocks', {
      config,
      schema: { tags, summary: 'Blocks the pool found for the coin, newest first', params: addressCoinParamsSchema, querystring: pageQuerySchema, response: { 200: envelope(blockPageSchema) } },
    }, async (request) => ok(request, await service.blocks(request.params.coin, request.query.page, request.query.page_size)));

    app.get('/address-mining/:coin/hashrates', {
      config,
      schema: { tags, summary: 'The pool\'s hashrate chart for the coin', params: addressCoinParamsSchema, querystring: hashrateQuerySchema, response: series },
    }, async (request) => ok(request, await service.poolSeries(request.params.coin, request.query.range)));

    app.get('/address-mining/:coin/workers/stats', {
      config,
      schema: { tags, summary: 'The coin\'s workers by status and the addresses mining now', params: addressCoinParamsSchema, response: { 200: envelope(addressWorkerStatsSchema) } },
    }, async (request) => ok(request, await service.workerStats(request.params.coin)));

    app.get('/address-mining/:coin/miner/:address/info', {
      config,
      schema: { tags, summary: 'An address\'s 15 min / 1 h / 24 h hashrate, reject rate, workers by status, last share', params: addressParamsSchema, response: { 200: envelope(addressMinerInfoSchema) } },
    }, async (request) => ok(request, await service.minerInfo(request.params.coin, request.params.address)));

    app.get('/address-mining/:coin/miner/:address/hashrates', {
      config,
      schema: { tags, summary: 'An address\'s hashrate chart', params: addressParamsSchema, querystring: hashrateQuerySchema, response: series },
    }, async (request) => ok(request, await service.minerSeries(request.params.coin, request.params.address, request.query.range)));

    app.get('/address-mining/:coin/miner/:address/workers', {
      config,
      schema: { tags, summary: 'An address\'s workers: status filter, name search, sort, page', params: addressParamsSchema, querystring: minerListQuerySchema.omit({ group: true }), response: { 200: envelope(minerPageSchema) } },
    }, async (request) => ok(request, await service.minerWorkers(request.params.coin, request.params.address, request.query)));

    // Ours (docs/rules.md, The API): the IP statistics page groups the address's workers by IP here, in
    // one query, rather than in the browser from pages of workers (a farm has hundreds).
    app.get('/address-mining/:coin/miner/:address/ips', {
      config,
      schema: { tags, summary: 'An address\'s workers grouped by IP: workers, active workers and hashrate per IP, busiest first', params: addressParamsSchema, querystring: pageQuerySchema, response: { 200: envelope(addressIpStatsSchema) } },
    }, async (request) => ok(request, await service.minerIps(request.params.coin, request.params.address, request.query.page, request.query.page_size)));

    app.get('/address-mining/:coin/miner/:address/workers/:worker/hashrates', {
      config,
      schema: { tags, summary: 'One worker\'s hashrate chart', params: addressWorkerParamsSchema, querystring: hashrateQuerySchema, response: series },
    }, async (request) => ok(request, await service.workerSeries(request.params.coin, request.params.address, request.params.worker, request.query.range)));

    app.get('/address-mining/:coin/stake-calculator', {
      config,
      schema: { tags, summary: 'ALEO: the stake a hashrate (or an address\'s 24 h hashrate) needs to land its solutions, and the shortfall against a stake', params: addressCoinParamsSchema, querystring: stakeCalculatorQuerySchema, response: { 200: envelope(stakeCalculatorSchema) } },
    }, async (request) => ok(request, await stake.calculate(request.params.coin, request.query)));

    app.get('/admin/address-mining/aleo-stake-schedule', {
      config: { access: access.admin },
      schema: { tags: ['admin'], summary: 'ALEO stake per solution per epoch, by the instant it applies from', response: { 200: envelope(stakeScheduleSchema) } },
    }, async (request) => ok(request, await stake.schedule()));

    app.put('/admin/address-mining/aleo-stake-schedule', {
      config: { access: access.admin },
      schema: { tags: ['admin'], summary: 'Add or change an entry of the ALEO stake schedule, with a reason (audited)', body: stakeScheduleBodySchema, response: { 200: envelope(stakeScheduleSchema) } },
    }, async (request) => ok(request, await stake.setEntry(request.principal!.userId, request.body)));
  };
}

