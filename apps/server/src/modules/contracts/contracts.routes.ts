// HTTP for cloud-mining contracts: products and orders for users holding contract.view, and the
// operators' products, review queue and bank details (admin policy). Creating an order and paying
// one from the balance carry an Idempotency-Key.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminContractOrderQuerySchema,
  bankDetailsBodySchema,
  bankDetailsSchema,
  contractDashboardSchema,
  contractOrderBodySchema,
  contractOrderDetailSchema,
  payFromBalanceBodySchema,
  contractOrderPageSchema,
  contractOrderQuerySchema,
  contractProductBodySchema,
  contractProductListSchema,
  contractProductSchema,
  contractProfitPageSchema,
  contractRejectBodySchema,
  envelope,
  operatorMay,
  pageQuerySchema,
} from '@hashpool/shared';
import { access, type Principal } from '../../platform/access';
import { AppError, ok } from '../../platform/errors';
import { idempotencyHeaders, idempotencyKey } from '../../platform/idempotency';
import { perMinute } from '../../platform/request-context';
import type { OrdersService } from './orders.service';
import type { ProductsService } from './products.service';
import type { ProfitsService } from './profits.service';

const idParams = z.object({ id: z.string().uuid() });

/** Operators who review payments (the admin routes' policy below) may open any order's certificate. */
const reviewsPayments = (principal: Principal): boolean => principal.isAdmin || operatorMay(principal.operatorRoles ?? [], ['finance']);

export function contractsRoutes({ products, orders, profits }: { products: ProductsService; orders: OrdersService; profits: ProfitsService }) {
  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const tags = ['contracts'];
    const view = access.permissions('contract.view');
    const me = (request: FastifyRequest) => request.principal!.userId;
    const account = (request: FastifyRequest) => {
      const id = request.principal!.accountId;
      if (!id) throw new AppError('not_found');
      return id;
    };

    app.get('/contracts/products', {
      config: { access: view },
      schema: { tags, summary: 'Contract products on sale, sold out or ended', response: { 200: envelope(contractProductListSchema) } },
    }, async (request) => ok(request, await products.list(false)));

    app.get('/contracts/products/:id', {
      config: { access: view },
      schema: { tags, summary: 'One contract product with its terms', params: idParams, response: { 200: envelope(contractProductSchema) } },
    }, async (request) => ok(request, await products.get(request.params.id)));

    app.post('/contracts/orders', {
      config: { access: view, ...perMinute(20) },
      schema: { tags, summary: 'Order units of a product (reserves inventory; Idempotency-Key)', headers: idempotencyHeaders, body: contractOrderBodySchema, response: { 200: envelope(contractOrderDetailSchema) } },
    }, async (request) => ok(request, await orders.create(me(request), account(request), idempotencyKey(request), request.body)));

    app.get('/contracts/orders', {
      config: { access: view },
      schema: { tags, summary: "The caller's contract orders, newest first", querystring: contractOrderQuerySchema, response: { 200: envelope(contractOrderPageSchema) } },
    }, async (request) => ok(request, await orders.list(me(request), request.query)));

    app.get('/contracts/orders/:id', {
      config: { access: view },
      schema: { tags, summary: 'One order with its payment details and history', params: idParams, response: { 200: envelope(contractOrderDetailSchema) } },
    }, async (request) => ok(request, await orders.detail(me(request), request.params.id, false)));

    app.post('/contracts/orders/:id/certificate', {
      config: { access: view, ...perMinute(10) },
      schema: { tags, summary: 'Upload or change the payment certificate (multipart, one image or PDF, at most 10 MB)', params: idParams, response: { 200: envelope(contractOrderDetailSchema) } },
    }, async (request) => ok(request, await orders.uploadCertificate(me(request), request.params.id, request)));

    app.get('/contracts/orders/:id/certificate', {
      config: { access: access.user },
      schema: { tags, summary: 'The payment certificate (the owner and operators only)', params: idParams },
    }, async (request, reply) => orders.sendCertificate(me(request), request.params.id, reviewsPayments(request.principal!), reply));

    app.post('/contracts/orders/:id/cancel', {
      config: { access: view, ...perMinute(20) },
      schema: { tags, summary: 'Cancel an unpaid order (its inventory returns)', params: idParams, response: { 200: envelope(contractOrderDetailSchema) } },
    }, async (request) => ok(request, await orders.cancel(me(request), request.params.id)));

    app.post('/contracts/orders/:id/pay-balance', {
      config: { access: view, ...perMinute(10) },
      schema: { tags, summary: 'Pay an unpaid order from the wallet balance (pay password + second factor; one contract purchase posting; Idempotency-Key)', headers: idempotencyHeaders, params: idParams, body: payFromBalanceBodySchema, response: { 200: envelope(contractOrderDetailSchema) } },
    }, async (request) => ok(request, await orders.payFromBalance(me(request), request.params.id, idempotencyKey(request), request.body)));

    app.get('/contracts/orders/:id/profits', {
      config: { access: view },
      schema: { tags, summary: "An order's daily profit: output, electricity, fee, net", params: idParams, querystring: pageQuerySchema, response: { 200: envelope(contractProfitPageSchema) } },
    }, async (request) => {
      const page = await profits.page(me(request), request.params.id, request.query.page, request.query.page_size);
      if (!page) throw new AppError('contract_order_not_found');
      return ok(request, page);
    });

    app.get('/contracts/dashboard', {
      config: { access: view },
      schema: { tags, summary: 'Running contracts, hashrate, yesterday and total output, output per day', response: { 200: envelope(contractDashboardSchema) } },
    }, async (request) => ok(request, await profits.dashboard(me(request))));

    // ---- operators ----
    const adminTags = ['admin'];
    const admin = { access: access.admin };
    // Reviewing payments moves no money of the pool's own: finance does it as well as admin
    // (products and bank details stay admin's).
    const payments = { access: access.operator('finance') };
    app.get('/admin/contracts/products', {
      config: admin,
      schema: { tags: adminTags, summary: 'Every contract product, drafts included', response: { 200: envelope(contractProductListSchema) } },
    }, async (request) => ok(request, await products.list(true)));

    app.post('/admin/contracts/products', {
      config: admin,
      schema: { tags: adminTags, summary: 'Create a contract product (audited)', body: contractProductBodySchema, response: { 200: envelope(contractProductSchema) } },
    }, async (request) => ok(request, await products.create(me(request), request.body)));

    app.put('/admin/contracts/products/:id', {
      config: admin,
      schema: { tags: adminTags, summary: 'Edit a contract product (audited)', params: idParams, body: contractProductBodySchema, response: { 200: envelope(contractProductSchema) } },
    }, async (request) => ok(request, await products.update(me(request), request.params.id, request.body)));

    app.get('/admin/contracts/orders', {
      config: payments,
      schema: { tags: adminTags, summary: 'Contract orders by status (checking: the review queue)', querystring: adminContractOrderQuerySchema, response: { 200: envelope(contractOrderPageSchema) } },
    }, async (request) => ok(request, await orders.list(null, request.query)));

    app.get('/admin/contracts/orders/:id', {
      config: payments,
      schema: { tags: adminTags, summary: 'One contract order with its history', params: idParams, response: { 200: envelope(contractOrderDetailSchema) } },
    }, async (request) => ok(request, await orders.detail(me(request), request.params.id, true)));

    app.post('/admin/contracts/orders/:id/confirm', {
      config: payments,
      schema: { tags: adminTags, summary: 'Confirm the payment of an open order (audited)', params: idParams, response: { 200: envelope(z.null()) } },
    }, async (request) => {
      await orders.confirm(me(request), request.params.id);
      return ok(request, null);
    });

    app.post('/admin/contracts/orders/:id/reject', {
      config: payments,
      schema: { tags: adminTags, summary: 'Reject the payment of an open order with a reason (audited; inventory returns)', params: idParams, body: contractRejectBodySchema, response: { 200: envelope(z.null()) } },
    }, async (request) => {
      await orders.reject(me(request), request.params.id, request.body.reason);
      return ok(request, null);
    });

    app.get('/admin/contracts/bank-details', {
      config: admin,
      schema: { tags: adminTags, summary: "The pool's bank details shown for bank-transfer orders", response: { 200: envelope(bankDetailsSchema) } },
    }, async (request) => ok(request, await orders.bankDetails()));

    app.put('/admin/contracts/bank-details', {
      config: admin,
      schema: { tags: adminTags, summary: "Set the pool's bank details (audited)", body: bankDetailsBodySchema, response: { 200: envelope(bankDetailsSchema) } },
    }, async (request) => ok(request, await orders.setBankDetails(me(request), request.body)));
  };
}
