// HTTP for staking and borrowing: the user's calls on the current sub-account (wallet.view, like
// the wallet's pages /asset/aleo/stake-now and /asset/aleo/borrow-now) and the operators' (admin).
// Calls that move money carry the Idempotency-Key header.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminLoanListSchema,
  adminLoanProductSchema,
  adminLoanQuerySchema,
  adminStakeBatchListSchema,
  borrowBodySchema,
  borrowingOverviewSchema,
  claimResultSchema,
  envelope,
  loanProductBodySchema,
  loanSchema,
  reduceStakeBodySchema,
  repayBodySchema,
  stakeBatchBodySchema,
  stakeBatchSchema,
  stakeBodySchema,
  stakeSchema,
  stakingOverviewSchema,
  unstakeBodySchema,
} from '@hashpool/shared';
import { access } from '../../platform/access';
import { AppError, ok } from '../../platform/errors';
import { idempotencyHeaders, idempotencyKey } from '../../platform/idempotency';
import { perMinute } from '../../platform/request-context';
import type { LoansService } from './loans.service';
import type { StakingService } from './staking.service';

const idParams = z.object({ id: z.string().uuid() });

function noAccount(): never {
  throw new AppError('not_found');
}

export function stakingRoutes({ staking, loans }: { staking: StakingService; loans: LoansService }) {
  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const tags = ['staking'];
    const adminTags = ['admin'];
    const view = access.permissions('wallet.view');
    const me = (request: FastifyRequest) => request.principal!.userId;
    /** The sub-account the caller acts for; a user without one has no balance to stake. */
    const account = (request: FastifyRequest) => request.principal!.accountId ?? noAccount();

    app.get('/v2/staking', {
      config: { access: view },
      schema: { tags, summary: 'ALEO staking: open batches, balances and the active stake', response: { 200: envelope(stakingOverviewSchema) } },
    }, async (request) => ok(request, await staking.overview(me(request), account(request))));

    app.post('/v2/staking/stake', {
      config: { access: view, ...perMinute(20) },
      schema: { tags, summary: 'Stake available ALEO into a batch, or add to the active stake (Idempotency-Key)', headers: idempotencyHeaders, body: stakeBodySchema, response: { 200: envelope(stakeSchema) } },
    }, async (request) => ok(request, await staking.stake(me(request), account(request), idempotencyKey(request), request.body)));

    app.post('/v2/staking/reduce', {
      config: { access: view, ...perMinute(20) },
      schema: { tags, summary: 'Reduce the active stake (adjustable batches; Idempotency-Key)', headers: idempotencyHeaders, body: reduceStakeBodySchema, response: { 200: envelope(stakeSchema) } },
    }, async (request) => ok(request, await staking.reduce(me(request), idempotencyKey(request), request.body)));

    app.post('/v2/staking/unstake', {
      config: { access: view, ...perMinute(20) },
      schema: { tags, summary: 'Unstake (from 00:00 UTC the day after staking; a fixed term loses its rewards; Idempotency-Key)', headers: idempotencyHeaders, body: unstakeBodySchema, response: { 200: envelope(stakeSchema) } },
    }, async (request) => ok(request, await staking.unstake(me(request), idempotencyKey(request), request.body)));

    app.post('/v2/staking/claim', {
      config: { access: view, ...perMinute(20) },
      schema: { tags, summary: 'Claim the accrued reward of a flexible term (Idempotency-Key)', headers: idempotencyHeaders, response: { 200: envelope(claimResultSchema) } },
    }, async (request) => ok(request, await staking.claim(me(request), idempotencyKey(request))));

    app.get('/v2/borrowing', {
      config: { access: view },
      schema: { tags, summary: 'ALEO borrowing: loan products, the open loan and past loans', response: { 200: envelope(borrowingOverviewSchema) } },
    }, async (request) => ok(request, await loans.overview(me(request), account(request))));

    app.post('/v2/borrowing/loans', {
      config: { access: view, ...perMinute(10) },
      schema: { tags, summary: 'Borrow ALEO into the stake after agreeing to the terms (Idempotency-Key)', headers: idempotencyHeaders, body: borrowBodySchema, response: { 200: envelope(loanSchema) } },
    }, async (request) => ok(request, await loans.borrow(me(request), account(request), idempotencyKey(request), request.body)));

    app.post('/v2/borrowing/loans/:id/repay', {
      config: { access: view, ...perMinute(20) },
      schema: { tags, summary: 'Repay part or all of the debt from the ALEO balance (Idempotency-Key)', headers: idempotencyHeaders, params: idParams, body: repayBodySchema, response: { 200: envelope(loanSchema) } },
    }, async (request) => ok(request, await loans.repay(me(request), idempotencyKey(request), request.params.id, request.body)));

    app.post('/v2/borrowing/loans/:id/cancel', {
      config: { access: view, ...perMinute(20) },
      schema: { tags, summary: 'Cancel a pending loan', params: idParams, response: { 200: envelope(loanSchema) } },
    }, async (request) => ok(request, await loans.cancel(me(request), request.params.id)));

    // Operators

    app.get('/admin/staking/batches', {
      config: { access: access.admin },
      schema: { tags: adminTags, summary: 'Stake batches, drafts included, with what is staked', response: { 200: envelope(adminStakeBatchListSchema) } },
    }, async (request) => ok(request, await staking.adminBatches()));

    app.post('/admin/staking/batches', {
      config: { access: access.admin },
      schema: { tags: adminTags, summary: 'Create a stake batch (audited)', body: stakeBatchBodySchema, response: { 200: envelope(stakeBatchSchema) } },
    }, async (request) => ok(request, await staking.saveBatch(me(request), null, request.body)));

    app.put('/admin/staking/batches/:id', {
      config: { access: access.admin },
      schema: { tags: adminTags, summary: 'Edit a stake batch (audited)', params: idParams, body: stakeBatchBodySchema, response: { 200: envelope(stakeBatchSchema) } },
    }, async (request) => ok(request, await staking.saveBatch(me(request), request.params.id, request.body)));

    app.get('/admin/loan-products', {
      config: { access: access.admin },
      schema: { tags: adminTags, summary: 'Loan products with their capacity left', response: { 200: envelope(z.array(adminLoanProductSchema)) } },
    }, async (request) => ok(request, await loans.adminProducts()));

    app.post('/admin/loan-products', {
      config: { access: access.admin },
      schema: { tags: adminTags, summary: 'Create a loan product (audited)', body: loanProductBodySchema, response: { 200: envelope(adminLoanProductSchema) } },
    }, async (request) => ok(request, await loans.saveProduct(me(request), null, request.body)));

    app.put('/admin/loan-products/:id', {
      config: { access: access.admin },
      schema: { tags: adminTags, summary: 'Edit a loan product (audited)', params: idParams, body: loanProductBodySchema, response: { 200: envelope(adminLoanProductSchema) } },
    }, async (request) => ok(request, await loans.saveProduct(me(request), request.params.id, request.body)));

    app.get('/admin/loans', {
      config: { access: access.operator('finance') },
      schema: { tags: adminTags, summary: 'Loans, newest first (pending ones wait for approval)', querystring: adminLoanQuerySchema, response: { 200: envelope(adminLoanListSchema) } },
    }, async (request) => ok(request, await loans.adminLoans(request.query.status)));

    app.post('/admin/loans/:id/approve', {
      config: { access: access.operator('finance') },
      schema: { tags: adminTags, summary: 'Approve a pending loan: the ALEO goes into the borrower\'s stake (audited)', params: idParams, response: { 200: envelope(loanSchema) } },
    }, async (request) => ok(request, await loans.decide(me(request), request.params.id, true)));

    app.post('/admin/loans/:id/reject', {
      config: { access: access.operator('finance') },
      schema: { tags: adminTags, summary: 'Reject a pending loan (audited)', params: idParams, response: { 200: envelope(loanSchema) } },
    }, async (request) => ok(request, await loans.decide(me(request), request.params.id, false)));
  };
}
