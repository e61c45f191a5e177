// HTTP for the security settings of /user/setting, password reset, cancellation and the log.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelAccountBodySchema,
  emailChangeBodySchema,
  envelope,
  newTargetCodeBodySchema,
  pageQuerySchema,
  passwordChangeBodySchema,
  payPasswordBodySchema,
  phoneChangeBodySchema,
  resetPasswordBodySchema,
  securityCodeBodySchema,
  securityEventPageSchema,
  sendCodeResultSchema,
  totpBindBodySchema,
  totpSecretSchema,
  totpProofSchema,
  totpUnbindBodySchema,
  totpValidationBodySchema,
} from '@hashpool/shared';
import { access } from '../../platform/access';
import { ok } from '../../platform/errors';
import { translate } from '../../platform/messages';
import { clientInfo, perMinute } from '../../platform/request-context';
import { targetOf } from './accounts.routes';
import { AuthService } from './auth.service';
import type { SecurityService } from './security.service';

export function securityRoutes(security: SecurityService, codeTiming: () => { resend_after: number; expires_in: number }) {
  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const tags = ['security'];
    const codeReply = { 200: envelope(sendCodeResultSchema) };
    const done = { 200: envelope(z.null()) };
    const me = (request: { principal: { userId: string } | null }) => request.principal!.userId;
    const family = (request: { principal: { sessionFamilyId?: string } | null }) => request.principal?.sessionFamilyId;

    app.post('/auth/validation/verified-email', {
      config: { access: access.user, ...perMinute(5) },
      schema: { tags, summary: 'Send the code of a security operation to the bound email', body: securityCodeBodySchema, response: codeReply },
    }, async (request) => {
      await security.sendOperationCode(me(request), request.body.operation, 'email', request.lang, request.body.subject, request.ip);
      return ok(request, codeTiming());
    });

    app.post('/auth/validation/sms', {
      config: { access: access.user, ...perMinute(5) },
      schema: { tags, summary: 'Send the code of a security operation to the bound phone', body: securityCodeBodySchema, response: codeReply },
    }, async (request) => {
      await security.sendOperationCode(me(request), request.body.operation, 'sms', request.lang, request.body.subject, request.ip);
      return ok(request, codeTiming());
    });

    app.post('/auth/validation/new-target', {
      config: { access: access.user, ...perMinute(5) },
      schema: { tags, summary: 'Send a code to an email or phone about to be bound', body: newTargetCodeBodySchema, response: codeReply },
    }, async (request) => {
      const target = targetOf(request.body);
      AuthService.checkTarget(target);
      await security.sendNewTargetCode(me(request), target, request.lang, request.ip);
      return ok(request, codeTiming());
    });

    app.post('/auth/totp/validation', {
      config: { access: access.user, ...perMinute(10) },
      schema: {
        tags,
        summary: 'Check an authenticator code for a security operation; answers a single-use proof the operation takes as verification.totp_proof',
        body: totpValidationBodySchema,
        response: { 200: envelope(totpProofSchema) },
      },
    }, async (request) => ok(request, await security.validateTotp(me(request), request.body.operation, request.body.code, request.body.subject)));

    app.post('/users/totp/secret', {
      config: { access: access.user, ...perMinute(10) },
      schema: { tags, summary: 'A new authenticator secret and its otpauth URI (for the QR code)', response: { 200: envelope(totpSecretSchema) } },
    }, async (request) => ok(request, await security.totpSecret(me(request))));

    app.post('/users/totp/bind', {
      config: { access: access.user, ...perMinute(10) },
      schema: { tags, summary: 'Bind the authenticator with its first code and the second factor', body: totpBindBodySchema, response: done },
    }, async (request) => {
      await security.totpBind(me(request), request.body.code, request.body.verification, clientInfo(request), family(request));
      return ok(request, null);
    });

    app.post('/users/totp/unbind', {
      config: { access: access.user, ...perMinute(10) },
      schema: { tags, summary: 'Remove the authenticator', body: totpUnbindBodySchema, response: done },
    }, async (request) => {
      await security.totpUnbind(me(request), request.body.verification, clientInfo(request), family(request));
      return ok(request, null);
    });

    app.put('/users/password', {
      config: { access: access.user, ...perMinute(10) },
      schema: { tags, summary: 'Change the login password (needs the current one)', body: passwordChangeBodySchema, response: done },
    }, async (request) => {
      const b = request.body;
      await security.changePassword(me(request), b.old_password, b.new_password, b.verification, clientInfo(request), family(request));
      return ok(request, null);
    });

    app.put('/users/pay-password', {
      config: { access: access.user, ...perMinute(10) },
      schema: { tags, summary: 'Set or change the pay password (starts the withdrawal hold)', body: payPasswordBodySchema, response: done },
    }, async (request) => {
      await security.setPayPassword(me(request), request.body.pay_password, request.body.verification, clientInfo(request));
      return ok(request, null);
    });

    app.put('/users/email', {
      config: { access: access.user, ...perMinute(10) },
      schema: { tags, summary: 'Bind or change the email (codes to the old and the new address)', body: emailChangeBodySchema, response: done },
    }, async (request) => {
      const b = request.body;
      await security.changeEmail(me(request), b.email, b.new_code, b.verification, clientInfo(request));
      return ok(request, null);
    });

    app.put('/users/phone', {
      config: { access: access.user, ...perMinute(10) },
      schema: { tags, summary: 'Bind or change the phone', body: phoneChangeBodySchema, response: done },
    }, async (request) => {
      const b = request.body;
      AuthService.checkTarget({ channel: 'sms', country: b.phone_country, phone: b.phone });
      await security.changePhone(me(request), b.phone_country, b.phone, b.new_code, b.verification, clientInfo(request));
      return ok(request, null);
    });

    app.post('/users/password/reset', {
      config: { access: access.public, ...perMinute(10) },
      schema: { tags, summary: 'Reset the login password with the emailed or SMS code (and the authenticator if bound)', body: resetPasswordBodySchema, response: done },
    }, async (request) => {
      const b = request.body;
      const target = targetOf(b);
      AuthService.checkTarget(target);
      await security.resetPassword(target, b.code, b.totp_code, b.new_password, clientInfo(request));
      return ok(request, null);
    });

    app.post('/users/cancel', {
      config: { access: access.user, ...perMinute(5) },
      schema: { tags, summary: 'Cancel the account (logging in within 30 days revokes it)', body: cancelAccountBodySchema, response: done },
    }, async (request) => {
      await security.cancel(me(request), request.body.verification, clientInfo(request));
      return { code: 0 as const, msg: translate(request.lang, 'errors', 'account_cancelled'), data: null };
    });

    app.get('/users/logs', {
      config: { access: access.permissions('user.view') },
      schema: { tags, summary: 'Login and security events, newest first', querystring: pageQuerySchema, response: { 200: envelope(securityEventPageSchema) } },
    }, async (request) => ok(request, await security.logs(me(request), request.query.page, request.query.page_size)));
  };
}
