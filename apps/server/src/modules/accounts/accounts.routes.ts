// HTTP for getting in and for the account (docs/rules.md, The API, "Getting in and the
// account"). Tight per-IP limits on the routes that hash, send or verify, before any work.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../../platform/bearer';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountListSchema,
  accountItemSchema,
  accountVisibilityBodySchema,
  captchaChallengeSchema,
  createAccountBodySchema,
  envelope,
  loginBodySchema,
  loginResultSchema,
  permissionsSchema,
  pubkeySchema,
  refreshBodySchema,
  registerBodySchema,
  sendCodeBodySchema,
  sendCodeResultSchema,
  settingsBodySchema,
  switchAccountBodySchema,
  ticketCodeBodySchema,
  tokensSchema,
  userMineSchema,
} from '@hashpool/shared';
import { access } from '../../platform/access';
import type { CaptchaAnswer, CaptchaVerifier } from '../../platform/captcha';
import { AppError, ok } from '../../platform/errors';
import { clientInfo, perMinute } from '../../platform/request-context';
import type { AccountService } from './accounts.service';
import type { AuthService } from './auth.service';
import type { CodeTarget } from './codes.service';
import type { SessionService } from './session.service';

export function targetOf(body: { channel: 'email' | 'sms'; email?: string | undefined; phone_country?: string | undefined; phone?: string | undefined }): CodeTarget {
  if (body.channel === 'email') {
    if (!body.email) throw new AppError('validation_failed', { fields: [{ field: 'body.email', messageKey: 'email_required' }] });
    return { channel: 'email', email: body.email };
  }
  if (!body.phone_country || !body.phone) {
    throw new AppError('validation_failed', { fields: [{ field: body.phone_country ? 'body.phone' : 'body.phone_country', messageKey: 'required' }] });
  }
  return { channel: 'sms', country: body.phone_country, phone: body.phone };
}

function bearer(request: FastifyRequest): string {
  return bearerToken(request.headers.authorization) ?? '';
}

function userId(request: FastifyRequest): string {
  return request.principal!.userId;
}

export function accountsRoutes(deps: { auth: AuthService; sessions: SessionService; accounts: AccountService; captcha: CaptchaVerifier; codeTiming: () => { resend_after: number; expires_in: number } }) {
  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const tags = ['auth'];

    app.get('/captcha/challenge', {
      config: { access: access.public, ...perMinute(30) },
      schema: { tags, summary: 'A captcha challenge (ALTCHA proof-of-work, or the GeeTest id)', response: { 200: envelope(captchaChallengeSchema) } },
    }, async (request) => ok(request, { provider: deps.captcha.provider, challenge: await deps.captcha.challenge() }));

    app.post('/v3/auth/validation/code', {
      config: { access: access.public, ...perMinute(5) },
      schema: { tags, summary: 'Send a registration or password-reset code after a captcha', body: sendCodeBodySchema, response: { 200: envelope(sendCodeResultSchema) } },
    }, async (request) => {
      await deps.auth.sendCode(request.body.purpose, targetOf(request.body), request.body.captcha as CaptchaAnswer, request.lang, request.ip);
      return ok(request, deps.codeTiming());
    });

    app.post('/users/register', {
      config: { access: access.public, ...perMinute(10) },
      schema: { tags, summary: 'Register with an email or phone code', body: registerBodySchema, response: { 200: envelope(tokensSchema) } },
    }, async (request) => {
      const b = request.body;
      const tokens = await deps.auth.register({ target: targetOf(b), code: b.code, password: b.password, inviteCode: b.invite_code || undefined, language: b.language ?? request.lang }, clientInfo(request));
      return ok(request, tokens);
    });

    app.get('/v2/users/encrypt/pubkey', {
      config: { access: access.public },
      schema: { tags, summary: 'RSA-OAEP (SHA-256) public key for the login password', response: { 200: envelope(pubkeySchema) } },
    }, async (request) => ok(request, deps.auth.publicKey()));

    app.post('/v2/users/encrypt/login', {
      config: { access: access.public, ...perMinute(20) },
      schema: { tags, summary: 'Log in with an encrypted password; may ask for an authenticator or emailed code next', body: loginBodySchema, response: { 200: envelope(loginResultSchema) } },
    }, async (request) => {
      const b = request.body;
      const result = await deps.auth.login(
        { account: b.account, phoneCountry: b.phone_country, encryptedPassword: b.password, keyId: b.key_id, captcha: b.captcha as CaptchaAnswer | undefined, lang: request.lang },
        clientInfo(request),
      );
      return ok(request, result);
    });

    app.post('/auth/totp/login', {
      config: { access: access.public, ...perMinute(10) },
      schema: { tags, summary: 'Second login step with an authenticator code', body: ticketCodeBodySchema, response: { 200: envelope(tokensSchema) } },
    }, async (request) => ok(request, await deps.auth.totpLogin(request.body.ticket, request.body.code, clientInfo(request), request.lang)));

    app.post('/users/second-validation', {
      config: { access: access.public, ...perMinute(10) },
      schema: { tags, summary: 'Second login step on a new device with the emailed or SMS code', body: ticketCodeBodySchema, response: { 200: envelope(tokensSchema) } },
    }, async (request) => ok(request, await deps.auth.secondValidation(request.body.ticket, request.body.code, clientInfo(request), request.lang)));

    app.post('/users/refresh/login', {
      config: { access: access.public, ...perMinute(30) },
      schema: { tags, summary: 'Rotate the refresh token for new tokens', body: refreshBodySchema, response: { 200: envelope(tokensSchema) } },
    }, async (request) => ok(request, await deps.sessions.refresh(request.body.refresh_token, clientInfo(request))));

    app.post('/users/logout', {
      config: { access: access.user },
      schema: { tags, summary: 'End this session (and its refreshed successors) on the server', response: { 200: envelope(z.null()) } },
    }, async (request) => {
      await deps.sessions.logout(bearer(request));
      return ok(request, null);
    });

    const user = ['account'];
    app.get('/users/mine', {
      config: { access: access.user },
      schema: { tags: user, summary: 'The logged-in user', response: { 200: envelope(userMineSchema) } },
    }, async (request) => ok(request, await deps.accounts.mine(userId(request))));

    app.put('/users/settings', {
      config: { access: access.permissions('user.view') },
      schema: { tags: user, summary: 'Timezone, currency, language, notification mailbox', body: settingsBodySchema, response: { 200: envelope(z.null()) } },
    }, async (request) => {
      await deps.accounts.updateSettings(userId(request), request.body);
      return ok(request, null);
    });

    app.get('/permissions/current', {
      config: { access: access.user },
      schema: { tags: user, summary: 'Permission strings of the current user', response: { 200: envelope(permissionsSchema) } },
    }, async (request) => ok(request, await deps.accounts.permissions(userId(request))));

    app.get('/accounts', {
      config: { access: access.permissions('account.view') },
      schema: { tags: user, summary: 'Mining sub-accounts of the user', response: { 200: envelope(accountListSchema) } },
    }, async (request) => ok(request, await deps.accounts.list(userId(request))));

    app.post('/accounts', {
      config: { access: access.permissions('account.view'), ...perMinute(20) },
      schema: { tags: user, summary: 'Create a sub-account (4-30 letters or digits, unique in the pool)', body: createAccountBodySchema, response: { 200: envelope(accountItemSchema) } },
    }, async (request) => ok(request, await deps.accounts.create(userId(request), request.body.name)));

    app.put('/users/accounts', {
      config: { access: access.permissions('account.view') },
      schema: { tags: user, summary: 'Switch the current sub-account', body: switchAccountBodySchema, response: { 200: envelope(z.null()) } },
    }, async (request) => {
      await deps.accounts.switchTo(userId(request), request.body.account_id);
      return ok(request, null);
    });

    app.put('/accounts/:id/visibility', {
      config: { access: access.permissions('account.view') },
      schema: { tags: user, summary: 'Hide or show a sub-account', params: z.object({ id: z.string().uuid() }), body: accountVisibilityBodySchema, response: { 200: envelope(z.null()) } },
    }, async (request) => {
      await deps.accounts.setHidden(userId(request), request.params.id, request.body.hidden);
      return ok(request, null);
    });
  };
}
