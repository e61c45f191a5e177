// HTTP of the promotions: the users' coupons (user.view), the public red packet page, receiving
// and the user's received packets (user.view), cancelling a packet the user funded, and the
// operators' campaigns (creating, disabling) and packets (creating, cancelling) (admin).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRedPacketPageSchema,
  adminRedPacketSchema,
  couponCampaignPageSchema,
  couponCampaignParamsSchema,
  couponCampaignSchema,
  couponDetailSchema,
  couponPageSchema,
  couponParamsSchema,
  couponQuerySchema,
  createCampaignBodySchema,
  createRedPacketBodySchema,
  createUserRedPacketBodySchema,
  envelope,
  pageQuerySchema,
  redeemCouponBodySchema,
  redPacketDetailSchema,
  redPacketMineSchema,
  redPacketParamsSchema,
  redPacketReceiptDetailSchema,
  redPacketReceiptPageSchema,
  redPacketSchema,
  useCouponBodySchema,
  userPacketFundingSchema,
  userPacketSettingsSchema,
  userRedPacketPageSchema,
} from '@hashpool/shared';
import { access } from '../../platform/access';
import { AppError, ok } from '../../platform/errors';
import { idempotencyHeaders, idempotencyKey } from '../../platform/idempotency';
import { perMinute } from '../../platform/request-context';
import type { CouponsService } from './coupons.service';
import type { RedPacketCreditsService } from './red-packet-credits.service';
import type { RedPacketsService } from './red-packets.service';

export function promotionsRoutes({ coupons, redPackets, redPacketCredits }: { coupons: CouponsService; redPackets: RedPacketsService; redPacketCredits: RedPacketCreditsService }, options: { e2eHooks?: boolean } = {}) {
  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const tags = ['promotions'];
    const view = access.permissions('user.view');
    const me = (request: FastifyRequest) => request.principal!.userId;
    const account = (request: FastifyRequest) => {
      const id = request.principal!.accountId;
      if (!id) throw new AppError('not_found');
      return id;
    };

    // ---- coupons ----
    app.get('/coupons', {
      config: { access: view },
      schema: { tags, summary: 'The caller\'s coupons, newest first, by status', querystring: couponQuerySchema, response: { 200: envelope(couponPageSchema) } },
    }, async (request) => ok(request, await coupons.list(me(request), request.query)));

    app.post('/coupons/redeem', {
      config: { access: view, ...perMinute(20) },
      schema: { tags, summary: 'Redeem a coupon code: one code gives one coupon', body: redeemCouponBodySchema, response: { 200: envelope(couponDetailSchema) } },
    }, async (request) => ok(request, await coupons.redeem(me(request), request.body.code)));

    app.get('/coupons/:id', {
      config: { access: view },
      schema: { tags, summary: 'A coupon with its savings per settled day', params: couponParamsSchema, response: { 200: envelope(couponDetailSchema) } },
    }, async (request) => ok(request, await coupons.detail(me(request), request.params.id)));

    app.post('/coupons/:id/use', {
      config: { access: view, ...perMinute(20) },
      schema: { tags, summary: 'Start using an unused coupon for a coin on the current sub-account (from the next UTC day; one in use per coin)', params: couponParamsSchema, body: useCouponBodySchema, response: { 200: envelope(couponDetailSchema) } },
    }, async (request) => ok(request, await coupons.start(me(request), account(request), request.params.id, request.body.coin)));

    // ---- red packets ----
    app.get('/red-packets/:id', {
      config: { access: access.public, ...perMinute(120) },
      schema: { tags, summary: 'A red packet by its link (no login)', params: redPacketParamsSchema, response: { 200: envelope(redPacketSchema) } },
    }, async (request) => ok(request, await redPackets.show(request.params.id)));

    app.get('/red-packets/:id/detail', {
      config: { access: access.public, ...perMinute(120) },
      schema: { tags, summary: 'A red packet with its latest receivers (names shortened; no login)', params: redPacketParamsSchema, response: { 200: envelope(redPacketDetailSchema) } },
    }, async (request) => ok(request, await redPackets.detail(request.params.id)));

    app.get('/red-packets/:id/mine', {
      config: { access: view },
      schema: { tags, summary: 'Whether the caller received the packet, or can (and why not)', params: redPacketParamsSchema, response: { 200: envelope(redPacketMineSchema) } },
    }, async (request) => ok(request, await redPackets.mine(me(request), request.principal!.accountId, request.params.id)));

    app.post('/red-packets/:id/receive', {
      config: { access: view, ...perMinute(20) },
      schema: { tags, summary: 'Receive one share on the main sub-account (the bound email must match when the packet names one)', params: redPacketParamsSchema, response: { 200: envelope(redPacketReceiptDetailSchema) } },
    }, async (request) => ok(request, await redPackets.receive(me(request), request.principal!.accountId, request.params.id)));

    app.get('/user/red-packets', {
      config: { access: view },
      schema: { tags, summary: 'Red packets the caller received, newest first', querystring: pageQuerySchema, response: { 200: envelope(redPacketReceiptPageSchema) } },
    }, async (request) => ok(request, await redPackets.receipts(me(request), request.query.page, request.query.page_size)));

    app.get('/user/red-packets/funding', {
      config: { access: view },
      schema: { tags, summary: 'The coins the caller may fund red packets of from their balance (operators enable them)', response: { 200: envelope(userPacketFundingSchema) } },
    }, async (request) => ok(request, await redPackets.fundingCoins()));

    app.get('/user/red-packets/created', {
      config: { access: view },
      schema: { tags, summary: 'Red packets the caller funded, newest first', querystring: pageQuerySchema, response: { 200: envelope(userRedPacketPageSchema) } },
    }, async (request) => ok(request, await redPackets.createdBy(me(request), request.query.page, request.query.page_size)));

    app.post('/user/red-packets', {
      config: { access: view, ...perMinute(10) },
      schema: { tags, summary: 'Fund a red packet from the current sub-account\'s balance where enabled (Idempotency-Key); the leftover returns when it ends', headers: idempotencyHeaders, body: createUserRedPacketBodySchema, response: { 200: envelope(adminRedPacketSchema) } },
    }, async (request) => ok(request, await redPackets.createByUser(me(request), account(request), idempotencyKey(request), request.body)));

    app.post('/user/red-packets/:id/cancel', {
      config: { access: view, ...perMinute(20) },
      schema: { tags, summary: 'Cancel a red packet the caller funded: nobody can receive it any more, and the budget of the shares not received returns to the funding sub-account at once (once; cancelling again answers it as it is)', params: redPacketParamsSchema, response: { 200: envelope(adminRedPacketSchema) } },
    }, async (request) => ok(request, await redPackets.cancelByFunder(me(request), request.params.id)));

    app.get('/user/red-packets/:id', {
      config: { access: view },
      schema: { tags, summary: 'A received red packet with its profit per day', params: redPacketParamsSchema, response: { 200: envelope(redPacketReceiptDetailSchema) } },
    }, async (request) => ok(request, await redPackets.receipt(me(request), request.params.id)));

    // ---- operators ----
    app.get('/admin/promotions/campaigns', {
      config: { access: access.admin },
      schema: { tags, summary: 'Coupon campaigns, newest first', querystring: pageQuerySchema, response: { 200: envelope(couponCampaignPageSchema) } },
    }, async (request) => ok(request, await coupons.campaigns(request.query.page, request.query.page_size)));

    app.post('/admin/promotions/campaigns', {
      config: { access: access.admin, ...perMinute(20) },
      schema: { tags, summary: 'Create a coupon campaign with its codes (audited)', body: createCampaignBodySchema, response: { 200: envelope(couponCampaignSchema) } },
    }, async (request) => ok(request, await coupons.createCampaign(me(request), request.body)));

    app.post('/admin/promotions/campaigns/:id/disable', {
      config: { access: access.admin, ...perMinute(20) },
      schema: { tags, summary: 'Disable a coupon campaign: codes not yet redeemed redeem no more, coupons redeemed stay valid (audited; disabling again answers it as it is)', params: couponCampaignParamsSchema, response: { 200: envelope(couponCampaignSchema) } },
    }, async (request) => ok(request, await coupons.disableCampaign(me(request), request.params.id)));

    app.get('/admin/promotions/campaigns/:id/codes.csv', {
      config: { access: access.admin, ...perMinute(20) },
      schema: { tags, summary: 'The campaign\'s codes as CSV (audited)', params: couponCampaignParamsSchema, response: { 200: z.string() } },
    }, async (request, reply) => {
      const file = await coupons.codesCsv(me(request), request.params.id);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.filename}"`).header('cache-control', 'no-store').send(file.csv);
    });

    app.get('/admin/promotions/red-packets', {
      config: { access: access.admin },
      schema: { tags, summary: 'Red packets, newest first', querystring: pageQuerySchema, response: { 200: envelope(adminRedPacketPageSchema) } },
    }, async (request) => ok(request, await redPackets.list(request.query.page, request.query.page_size)));

    app.get('/admin/promotions/user-funding', {
      config: { access: access.admin },
      schema: { tags, summary: 'Where users may fund red packets from their balance', response: { 200: envelope(userPacketSettingsSchema) } },
    }, async (request) => ok(request, await redPackets.userFundingSettings()));

    app.put('/admin/promotions/user-funding', {
      config: { access: access.admin, ...perMinute(20) },
      schema: { tags, summary: 'Enable users funding red packets for every coin or some (audited)', body: userPacketSettingsSchema, response: { 200: envelope(userPacketSettingsSchema) } },
    }, async (request) => ok(request, await redPackets.setUserFunding(me(request), request.body)));

    app.post('/admin/promotions/red-packets', {
      config: { access: access.admin, ...perMinute(20) },
      schema: { tags, summary: 'Create a red packet; its budget is reserved from sys:promotions (Idempotency-Key: the same key answers the same packet; audited)', headers: idempotencyHeaders, body: createRedPacketBodySchema, response: { 200: envelope(adminRedPacketSchema) } },
    }, async (request) => ok(request, await redPackets.createByOperator(me(request), idempotencyKey(request), request.body)));

    app.post('/admin/promotions/red-packets/:id/cancel', {
      config: { access: access.admin, ...perMinute(20) },
      schema: { tags, summary: 'Cancel a red packet: nobody can receive it any more, and the budget of the shares not received returns to its funder at once (audited; cancelling again answers it as it is)', params: redPacketParamsSchema, response: { 200: envelope(adminRedPacketSchema) } },
    }, async (request) => ok(request, await redPackets.cancelByOperator(me(request), request.params.id)));

    // The end-to-end tests' hook (E2E_HOOKS, refused in production by the config): the red packet
    // credit as if `days` UTC days had passed. Unsigned like the machine routes; operators only.
    if (options.e2eHooks) {
      app.post('/admin/promotions/red-packets/credit-ahead', {
        config: { access: access.admin, signed: false, ...perMinute(20) },
        schema: { tags, summary: 'E2E_HOOKS only: credit red packets as if days had passed', body: z.object({ days: z.number().int().min(1).max(3) }), response: { 200: envelope(z.object({ credited: z.number(), ended: z.number() })) } },
      }, async (request) => ok(request, await redPacketCredits.creditAhead(request.body.days)));
    }
  };
}
