// HTTP for the wallet (users, on their current sub-account) and its operators (admin policy).
// Calls that move money (withdrawals, transfers, operators' adjustments) need the Idempotency-Key
// header: the same key gives the first answer.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approvalListSchema,
  approvalParamsSchema,
  coinSettingsBodySchema,
  coinSettingsListSchema,
  coinSettingsParamsSchema,
  coinSettingsSchema,
  withdrawalApprovalResultSchema,
  addressQuerySchema,
  addWithdrawAddressBodySchema,
  adjustmentBodySchema,
  adjustmentResultSchema,
  adminLedgerQuerySchema,
  adminLedgerSchema,
  adminWithdrawalPageSchema,
  adminWithdrawalQuerySchema,
  auditLogSchema,
  balancesSchema,
  depositAddressQuerySchema,
  depositAddressSchema,
  depositPageSchema,
  envelope,
  fundDetailSchema,
  pageQuerySchema,
  payoutSettingBodySchema,
  payoutSettingsSchema,
  reconciliationSchema,
  rejectBodySchema,
  transactionPageSchema,
  transactionQuerySchema,
  transferBodySchema,
  transferSchema,
  walletPageQuerySchema,
  withdrawAddressSchema,
  withdrawalPageSchema,
  withdrawBodySchema,
  withdrawQuoteBodySchema,
  withdrawQuoteSchema,
  withdrawResultSchema,
} from '@hashpool/shared';
import { access } from '../../platform/access';
import { AppError, ok } from '../../platform/errors';
import { idempotencyHeaders, idempotencyKey } from '../../platform/idempotency';
import { clientInfo, perMinute } from '../../platform/request-context';
import type { WalletApi } from './wallet.api';
import type { ReconciliationReport } from '../ledger';

const idParams = z.object({ id: z.string().uuid() });

export function reportView(r: ReconciliationReport) {
  return { ok: r.ok, checked_at: r.checkedAt, postings: r.postings, entries: r.entries, unbalanced: r.unbalanced, balance_mismatches: r.balanceMismatches, custody: r.custody };
}

export function walletRoutes(wallet: WalletApi) {
  const { admin } = wallet;
  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const tags = ['wallet'];
    const view = access.permissions('wallet.view');
    const me = (request: FastifyRequest) => request.principal!.userId;
    /** The sub-account the caller acts for (the header's switcher). */
    const account = (request: FastifyRequest) => {
      const id = request.principal!.accountId;
      if (!id) throw new AppError('not_found');
      return id;
    };

    app.get('/v2/wallets/balances', {
      config: { access: view },
      schema: { tags, summary: 'Balances of the current sub-account per coin, with the coin limits', response: { 200: envelope(balancesSchema) } },
    }, async (request) => ok(request, await wallet.transactions.balances(account(request))));

    app.get('/v2/wallets/addresses', {
      config: { access: view },
      schema: { tags, summary: 'Withdraw addresses', querystring: addressQuerySchema, response: { 200: envelope(z.array(withdrawAddressSchema)) } },
    }, async (request) => ok(request, await wallet.addresses.list(account(request), request.query.coin)));

    app.post('/v2/wallets/addresses', {
      config: { access: view, ...perMinute(10) },
      schema: { tags, summary: 'Add a withdraw address (second factor; starts the withdrawal hold)', body: addWithdrawAddressBodySchema, response: { 200: envelope(withdrawAddressSchema) } },
    }, async (request) => ok(request, await wallet.addresses.add(me(request), account(request), request.body, clientInfo(request))));

    app.delete('/v2/wallets/addresses/:id', {
      config: { access: view, ...perMinute(20) },
      schema: { tags, summary: 'Remove a withdraw address', params: idParams, response: { 200: envelope(z.null()) } },
    }, async (request) => {
      await wallet.addresses.remove(account(request), request.params.id);
      return ok(request, null);
    });

    app.post('/v2/wallets/withdrawals/quote', {
      config: { access: view, ...perMinute(60) },
      schema: { tags, summary: 'Fee, amount received, parts and review of a withdrawal before confirming', body: withdrawQuoteBodySchema, response: { 200: envelope(withdrawQuoteSchema) } },
    }, async (request) => ok(request, await wallet.withdrawals.quote(me(request), account(request), request.body.coin, request.body.amount)));

    app.post('/v2/wallets/withdrawals', {
      config: { access: view, ...perMinute(10) },
      schema: { tags, summary: 'Withdraw (pay password + second factor; Idempotency-Key)', headers: idempotencyHeaders, body: withdrawBodySchema, response: { 200: envelope(withdrawResultSchema) } },
    }, async (request) => ok(request, await wallet.withdrawals.withdraw(me(request), account(request), idempotencyKey(request), request.body)));

    app.get('/v2/wallets/withdrawals', {
      config: { access: view },
      schema: { tags, summary: 'Withdrawals of the current sub-account, newest first', querystring: walletPageQuerySchema, response: { 200: envelope(withdrawalPageSchema) } },
    }, async (request) => ok(request, await wallet.withdrawals.list(account(request), request.query.coin, request.query.page, request.query.page_size)));

    app.get('/v2/wallets/deposit-address', {
      config: { access: view },
      schema: { tags, summary: 'The deposit address of the current sub-account for a coin', querystring: depositAddressQuerySchema, response: { 200: envelope(depositAddressSchema) } },
    }, async (request) => ok(request, await wallet.deposits.address(account(request), request.query.coin)));

    app.get('/v2/wallets/deposits', {
      config: { access: view },
      schema: { tags, summary: 'Deposits of the current sub-account', querystring: walletPageQuerySchema, response: { 200: envelope(depositPageSchema) } },
    }, async (request) => ok(request, await wallet.deposits.list(account(request), request.query.coin, request.query.page, request.query.page_size)));

    app.post('/v2/wallets/transfers', {
      config: { access: view, ...perMinute(10) },
      schema: { tags, summary: 'Transfer to another pool sub-account by name (pay password + second factor; Idempotency-Key)', headers: idempotencyHeaders, body: transferBodySchema, response: { 200: envelope(transferSchema) } },
    }, async (request) => ok(request, await wallet.transfers.transfer(me(request), account(request), idempotencyKey(request), request.body)));

    app.get('/v2/wallets/transactions', {
      config: { access: view },
      schema: { tags, summary: 'Every movement of the current sub-account: filters by coin, type and dates', querystring: transactionQuerySchema, response: { 200: envelope(transactionPageSchema) } },
    }, async (request) => ok(request, await wallet.transactions.list(account(request), request.query)));

    app.get('/v2/wallets/fund/:id', {
      config: { access: access.permissions('account.view') },
      schema: { tags, summary: 'One movement in detail', params: z.object({ id: z.coerce.number().int().min(1) }), response: { 200: envelope(fundDetailSchema) } },
    }, async (request) => ok(request, await wallet.transactions.fund(account(request), request.params.id)));

    app.get('/v2/wallets/payout-settings', {
      config: { access: view },
      schema: { tags, summary: 'Automatic payout per coin', response: { 200: envelope(payoutSettingsSchema) } },
    }, async (request) => ok(request, await wallet.payouts.settings(account(request))));

    app.put('/v2/wallets/payout-settings', {
      config: { access: view, ...perMinute(20) },
      schema: { tags, summary: 'Set the automatic payout of a coin (to a saved withdraw address)', body: payoutSettingBodySchema, response: { 200: envelope(payoutSettingsSchema) } },
    }, async (request) => ok(request, await wallet.payouts.set(account(request), request.body)));

    // ---- operators ----
    const adminTags = ['admin'];
    // Roles (docs/security.md, Operator roles): the money desk is finance's; an admin may do all.
    const finance = access.operator('finance');
    app.get('/admin/withdrawals', {
      config: { access: finance },
      schema: { tags: adminTags, summary: 'Withdrawals by status (reviewing: the review queue)', querystring: adminWithdrawalQuerySchema, response: { 200: envelope(adminWithdrawalPageSchema) } },
    }, async (request) => ok(request, await admin.withdrawals(request.query.status, request.query.page, request.query.page_size)));

    app.post('/admin/withdrawals/:id/approve', {
      config: { access: finance },
      schema: { tags: adminTags, summary: 'Approve a withdrawal under review (above the four-eyes threshold: pending until a second operator approves)', params: idParams, response: { 200: envelope(withdrawalApprovalResultSchema) } },
    }, async (request) => ok(request, await admin.approve(me(request), request.params.id)));

    app.post('/admin/withdrawals/:id/reject', {
      config: { access: finance },
      schema: { tags: adminTags, summary: 'Reject a withdrawal under review (funds return)', params: idParams, body: rejectBodySchema, response: { 200: envelope(z.null()) } },
    }, async (request) => {
      await admin.reject(me(request), request.params.id, request.body.reason);
      return ok(request, null);
    });

    app.get('/admin/ledger', {
      config: { access: finance },
      schema: { tags: adminTags, summary: 'Balances and ledger entries of a sub-account', querystring: adminLedgerQuerySchema, response: { 200: envelope(adminLedgerSchema) } },
    }, async (request) => ok(request, await admin.ledger(request.query.account, request.query.page, request.query.page_size)));

    app.post('/admin/adjustments', {
      config: { access: finance },
      schema: { tags: adminTags, summary: 'System adjustment of a balance, with a reason (audited; Idempotency-Key)', headers: idempotencyHeaders, body: adjustmentBodySchema, response: { 200: envelope(adjustmentResultSchema) } },
    }, async (request) => ok(request, await admin.adjust(me(request), idempotencyKey(request), request.body)));

    // It reads the whole ledger and asks every node: a few a minute per operator.
    app.get('/admin/reconciliation', {
      config: { access: finance, ...perMinute(10) },
      schema: { tags: adminTags, summary: 'Reconciliation now: postings balance, cached balances, custody', response: { 200: envelope(reconciliationSchema) } },
    }, async (request) => ok(request, reportView(await admin.reconciliation())));

    app.get('/admin/audit-log', {
      config: { access: finance },
      schema: { tags: adminTags, summary: 'Operator decisions and corrections, newest first', querystring: pageQuerySchema, response: { 200: envelope(auditLogSchema) } },
    }, async (request) => ok(request, await admin.auditLog(request.query.page, request.query.page_size)));

    app.get('/admin/approvals', {
      config: { access: finance },
      schema: { tags: adminTags, summary: 'Four-eyes: adjustments and withdrawal approvals waiting for a second operator', response: { 200: envelope(approvalListSchema) } },
    }, async (request) => ok(request, await admin.approvals()));

    app.post('/admin/approvals/:id/confirm', {
      config: { access: finance },
      schema: { tags: adminTags, summary: 'Four-eyes: confirm another operator\'s pending adjustment or withdrawal approval (audited)', params: approvalParamsSchema, response: { 200: envelope(z.object({ status: z.literal('approved'), posting_id: z.number().int().nullable() })) } },
    }, async (request) => ok(request, await admin.confirm(me(request), request.params.id)));

    app.post('/admin/approvals/:id/decline', {
      config: { access: finance },
      schema: { tags: adminTags, summary: 'Four-eyes: decline a pending adjustment or withdrawal approval, with a reason (any operator, the one who asked too; audited): the adjustment is not made, the withdrawal stays under review', params: approvalParamsSchema, body: rejectBodySchema, response: { 200: envelope(z.object({ status: z.literal('declined') })) } },
    }, async (request) => ok(request, await admin.decline(me(request), request.params.id, request.body.reason)));

    // Coin settings: admin only; read on every request, so a change applies to the next withdrawal.
    app.get('/admin/coin-settings', {
      config: { access: access.admin },
      schema: { tags: adminTags, summary: 'Each coin\'s withdrawal settings', response: { 200: envelope(coinSettingsListSchema) } },
    }, async (request) => ok(request, await wallet.limits.settings()));

    app.put('/admin/coin-settings/:coin', {
      config: { access: access.admin },
      schema: { tags: adminTags, summary: 'Set a coin\'s withdrawal settings, with a reason (audited; effective at once)', params: coinSettingsParamsSchema, body: coinSettingsBodySchema, response: { 200: envelope(coinSettingsSchema) } },
    }, async (request) => ok(request, await wallet.limits.update(me(request), request.params.coin, request.body)));
  };
}
