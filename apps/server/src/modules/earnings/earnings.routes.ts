// HTTP of the earnings module: a sub-account's payout method (docs/rules.md, The API, "Pool":
// GET /accounts/{account}/pay-method, PUT /accounts/{account}/pools/{pool}/pay-method; {account}
// is the caller's own sub-account by name, {pool} an account-mode coin), the operators' fee rates
// and market data (admin policy) and held blocks (finance). Also the user's mining overview (GET
// /users/mining-overview, user.view): the mining module's account stats beside each sub-account's earnings.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountParamsSchema,
  adminFeeRateListSchema,
  adminFeeRateSchema,
  envelope,
  heldBlockListSchema,
  heldBlockParamsSchema,
  heldBlockVoidBodySchema,
  feeRateBodySchema,
  marketDataBodySchema,
  marketDataPageSchema,
  marketDataParamsSchema,
  marketDataQuerySchema,
  marketDataSchema,
  payMethodBodySchema,
  payMethodItemSchema,
  payMethodListSchema,
  payMethodParamsSchema,
  payMethodQuerySchema,
  poolAccountParamsSchema,
  profitPageSchema,
  profitQuerySchema,
  profitStatsSchema,
  profitExportQuerySchema,
  profitDaysQuerySchema,
  profitHashrateListSchema,
  unitProfitListSchema,
  accountRatesSchema,
  blockPageSchema,
  inviteSummarySchema,
  inviteePageSchema,
  inviteRewardPageSchema,
  pageQuerySchema,
  miningOverviewSchema,
} from '@hashpool/shared';
import { access } from '../../platform/access';
import { accountCoin } from '../../platform/coin-checks';
import { ok } from '../../platform/errors';
import { perMinute } from '../../platform/request-context';
import type { AccountDirectory } from '../accounts';
import type { MiningApi } from '../mining';
import type { EarningsAdminService } from './earnings-admin.service';
import type { BlockHoldsService } from './block-holds.service';
import type { EarningsService } from './earnings.service';
import type { MiningOverviewService } from './mining-overview.service';
import type { ProfitsService } from './profits.service';
import type { ReferralService } from './referral.service';

export function earningsRoutes(deps: { earnings: EarningsService; profits: ProfitsService; miningOverview: MiningOverviewService; referral: ReferralService; blocks: MiningApi['blocks']; admin: EarningsAdminService; holds: BlockHoldsService; accounts: AccountDirectory }) {
  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const tags = ['earnings'];
    const me = (request: FastifyRequest) => request.principal!.userId;
    /** The caller's own sub-account of that name; another user's answers like a missing one. */
    const owned = async (request: FastifyRequest, name: string) => (await deps.accounts.owned(me(request), name)).id;

    app.get('/accounts/:account/pay-method', {
      config: { access: access.observerReadable('pool.view') },
      schema: {
        tags,
        summary: 'Payout method of a sub-account per coin: current, fee, from which settlement day it applies, when it may be switched again',
        params: accountParamsSchema,
        querystring: payMethodQuerySchema,
        response: { 200: envelope(payMethodListSchema) },
      },
    }, async (request) => ok(request, await deps.earnings.payMethods(await owned(request, request.params.account), request.query.pool)));

    app.put('/accounts/:account/pools/:pool/pay-method', {
      config: { access: access.permissions('pool.view'), ...perMinute(20) },
      schema: {
        tags,
        summary: 'Switch the payout method of a coin: applies from the next UTC settlement day; refused within 24 hours of the last switch',
        params: payMethodParamsSchema,
        body: payMethodBodySchema,
        response: { 200: envelope(payMethodItemSchema) },
      },
    }, async (request) => ok(request, await deps.earnings.switchPayMethod(me(request), await owned(request, request.params.account), request.params.pool, request.body.method)));

    app.get('/pools/:pool/accounts/:account/profits/stats', {
      config: { access: access.observerReadable('pool.view') },
      schema: { tags, summary: 'Earnings of a sub-account in a coin: yesterday, today\'s estimate, total earned, total paid, balance', params: poolAccountParamsSchema, response: { 200: envelope(profitStatsSchema) } },
    }, async (request) => ok(request, await deps.profits.stats(await owned(request, request.params.account), request.params.pool)));

    app.get('/pools/:pool/accounts/:account/profits', {
      config: { access: access.observerReadable('pool.view') },
      schema: { tags, summary: 'Daily earnings rows, newest first: day, settled hashrate, method, fee, amount, status', params: poolAccountParamsSchema, querystring: profitQuerySchema, response: { 200: envelope(profitPageSchema) } },
    }, async (request) => ok(request, await deps.profits.list(await owned(request, request.params.account), request.params.pool, request.query)));

    app.get('/pools/:pool/accounts/:account/profits/hashrates', {
      config: { access: access.observerReadable('pool.view') },
      schema: { tags, summary: 'Settled hashrate and earnings per day, oldest first', params: poolAccountParamsSchema, querystring: profitDaysQuerySchema, response: { 200: envelope(profitHashrateListSchema) } },
    }, async (request) => ok(request, await deps.profits.hashrates(await owned(request, request.params.account), request.params.pool, request.query.days)));

    app.get('/pools/:pool/accounts/:account/profits/unit/hashrates', {
      config: { access: access.observerReadable('pool.view') },
      schema: { tags, summary: 'Earnings per day of one unit of hashrate under each payout method, for comparing them', params: poolAccountParamsSchema, querystring: profitDaysQuerySchema, response: { 200: envelope(unitProfitListSchema) } },
    }, async (request) => {
      await owned(request, request.params.account);
      return ok(request, await deps.profits.unitHashrates(request.params.pool, request.query.days));
    });

    app.get('/pools/:pool/accounts/:account/profits/solo', {
      config: { access: access.observerReadable('pool.view') },
      schema: { tags, summary: 'Blocks this sub-account found: height, reward, confirmations, status, effort', params: poolAccountParamsSchema, querystring: pageQuerySchema, response: { 200: envelope(blockPageSchema) } },
    }, async (request) => {
      const accountId = await owned(request, request.params.account);
      accountCoin(request.params.pool);
      return ok(request, await deps.blocks.list(request.params.pool, request.query.page, request.query.page_size, accountId));
    });

    app.get('/pools/:pool/accounts/:account/rates', {
      config: { access: access.observerReadable('pool.view') },
      schema: { tags, summary: 'The coin\'s price and the fee rate of each payout method for this sub-account', params: poolAccountParamsSchema, response: { 200: envelope(accountRatesSchema) } },
    }, async (request) => ok(request, await deps.profits.rates(await owned(request, request.params.account), request.params.pool)));

    app.get('/pools/:pool/accounts/:account/profits/export', {
      config: { access: access.observerReadable('pool.view'), ...perMinute(20) },
      schema: { tags, summary: 'Daily earnings of a date range as a CSV or XLSX file (amounts as exact decimals, times in the user\'s timezone)', params: poolAccountParamsSchema, querystring: profitExportQuerySchema },
    }, async (request, reply) => {
      const file = await deps.profits.export(me(request), await owned(request, request.params.account), request.params.pool, request.query, request.lang);
      return reply.header('content-type', file.type).header('content-disposition', `attachment; filename="${file.name}"`).send(file.body);
    });

    // The referral programme: the caller's own code, invitees (masked) and rewards per day.
    app.get('/invite', {
      config: { access: access.permissions('recommend.view') },
      schema: { tags, summary: 'Invitation code, number of invitees, reward rate and rewards per coin', response: { 200: envelope(inviteSummarySchema) } },
    }, async (request) => ok(request, await deps.referral.summary(me(request))));

    app.get('/invite/invitees', {
      config: { access: access.permissions('recommend.view') },
      schema: { tags, summary: 'Users who registered with the caller\'s code, contact masked, newest first', querystring: pageQuerySchema, response: { 200: envelope(inviteePageSchema) } },
    }, async (request) => ok(request, await deps.referral.invitees(me(request), request.query)));

    app.get('/invite/rewards', {
      config: { access: access.permissions('recommend.view') },
      schema: { tags, summary: 'Invitation rewards per settled day and coin, newest first', querystring: pageQuerySchema, response: { 200: envelope(inviteRewardPageSchema) } },
    }, async (request) => ok(request, await deps.referral.rewards(me(request), request.query)));

    // The user's mining overview (/user/mining): every sub-account of the caller and coin it mines or earned.
    // Every sub-account of the caller by every account-mode coin, read in two grouped reads; limited all the same.
    app.get('/users/mining-overview', {
      config: { access: access.permissions('user.view'), ...perMinute(30) },
      schema: { tags, summary: "Per sub-account of the caller and coin: hashrate, workers online and offline, yesterday's earnings", response: { 200: envelope(miningOverviewSchema) } },
    }, async (request) => ok(request, await deps.miningOverview.overview(me(request))));

    // ---- operators ----
    const adminTags = ['admin'];

    app.get('/admin/earnings/fee-rates', {
      config: { access: access.admin },
      schema: { tags: adminTags, summary: 'Fee rates per account-mode coin and payout method', response: { 200: envelope(adminFeeRateListSchema) } },
    }, async (request) => ok(request, await deps.admin.feeRates()));

    app.put('/admin/earnings/fee-rates', {
      config: { access: access.admin },
      schema: { tags: adminTags, summary: 'Set the fee rate of a coin and payout method, with a reason (audited)', body: feeRateBodySchema, response: { 200: envelope(adminFeeRateSchema) } },
    }, async (request) => ok(request, await deps.admin.setFeeRate(me(request), request.body)));

    app.get('/admin/earnings/market-data', {
      config: { access: access.admin },
      schema: { tags: adminTags, summary: 'Market data of a coin per UTC day, newest first', querystring: marketDataQuerySchema, response: { 200: envelope(marketDataPageSchema) } },
    }, async (request) => ok(request, await deps.admin.marketData(request.query.coin, request.query.page, request.query.page_size)));

    app.put('/admin/earnings/market-data/:coin/:day', {
      config: { access: access.admin },
      schema: { tags: adminTags, summary: 'Set the market data of a coin for today or a past UTC day, with a reason (audited)', params: marketDataParamsSchema, body: marketDataBodySchema, response: { 200: envelope(marketDataSchema) } },
    }, async (request) => ok(request, await deps.admin.setMarketData(me(request), request.params.coin, request.params.day, request.body)));

    // Held blocks: finance (and admin), as they decide whether a reward is ever paid.
    app.get('/admin/earnings/held-blocks', {
      config: { access: access.operator('finance') },
      schema: { tags: adminTags, summary: 'Matured blocks whose reward did not check out on the coin\'s wallet node: nothing paid, checked again every round', response: { 200: envelope(heldBlockListSchema) } },
    }, async (request) => ok(request, await deps.holds.list()));

    app.post('/admin/earnings/held-blocks/:id/void', {
      config: { access: access.operator('finance'), ...perMinute(30) },
      schema: { tags: adminTags, summary: 'Give up a held block: it pays nothing and is not checked again, with a reason (audited)', params: heldBlockParamsSchema, body: heldBlockVoidBodySchema, response: { 200: envelope(z.null()) } },
    }, async (request) => {
      await deps.holds.void(me(request), request.params.id, request.body.reason);
      return ok(request, null);
    });
  };
}
