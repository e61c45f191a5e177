// HTTP of the admin area's users. Reading is for support (and finance, and admin);
// disabling a login, resetting an authenticator and granting roles are admin's.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserDetailSchema,
  adminUserPageSchema,
  adminUserParamsSchema,
  adminUserQuerySchema,
  envelope,
  loginStateBodySchema,
  totpResetBodySchema,
  userRolesBodySchema,
} from '@hashpool/shared';
import type { AccountsApi } from '../accounts';
import { access } from '../../platform/access';
import { ok } from '../../platform/errors';
import { perMinute } from '../../platform/request-context';
import type { OperatorUsers } from './users.service';

export function operationsRoutes(users: OperatorUsers, accounts: AccountsApi) {
  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin'];
    const me = (request: FastifyRequest) => request.principal!.userId;
    const readers = access.operator('support', 'finance');

    app.get('/admin/users', {
      config: { access: readers, ...perMinute(120) },
      schema: { tags, summary: 'Find users by email, phone, sub-account name or withdraw address', querystring: adminUserQuerySchema, response: { 200: envelope(adminUserPageSchema) } },
    }, async (request) => ok(request, await users.search(request.query.q, request.query.page, request.query.page_size)));

    app.get('/admin/users/:id', {
      config: { access: readers },
      schema: { tags, summary: 'A user: sub-accounts, security state, recent logins, balances, withdrawals', params: adminUserParamsSchema, response: { 200: envelope(adminUserDetailSchema) } },
    }, async (request) => ok(request, await users.detail(request.params.id)));

    app.put('/admin/users/:id/login', {
      config: { access: access.admin },
      schema: { tags, summary: 'Disable or enable a user\'s login, with a reason (audited; disabling ends every session)', params: adminUserParamsSchema, body: loginStateBodySchema, response: { 200: envelope(z.null()) } },
    }, async (request) => {
      await accounts.operators.setLoginDisabled(me(request), request.params.id, request.body.disabled, request.body.reason);
      return ok(request, null);
    });

    app.post('/admin/users/:id/totp-reset', {
      config: { access: access.admin, ...perMinute(20) },
      schema: { tags, summary: 'Reset the authenticator after an identity check, with a reason (audited; the user is emailed; withdrawals wait 24 h)', params: adminUserParamsSchema, body: totpResetBodySchema, response: { 200: envelope(z.null()) } },
    }, async (request) => {
      await accounts.operators.resetTotp(me(request), request.params.id, request.body.reason);
      return ok(request, null);
    });

    app.put('/admin/users/:id/roles', {
      config: { access: access.admin },
      schema: { tags, summary: 'Set a user\'s operator roles (admin, finance, support, content), with a reason (audited)', params: adminUserParamsSchema, body: userRolesBodySchema, response: { 200: envelope(z.null()) } },
    }, async (request) => {
      await accounts.operators.setRoles(me(request), request.params.id, request.body.roles, request.body.reason);
      return ok(request, null);
    });
  };
}
