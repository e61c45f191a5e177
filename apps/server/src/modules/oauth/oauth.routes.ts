// HTTP of the oauth module: the provider itself under /api/oidc (discovery, authorize,
// token, userinfo, revocation, JWKS; node-oidc-provider answers them), the consent screen's calls,
// the user's authorized applications, the resource call of an access token, and the operators'
// client registry.
import type { IncomingMessage } from 'node:http';
import * as querystring from 'node:querystring';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  oauthAuthorizationListSchema,
  oauthAuthorizationParamsSchema,
  oauthClientBodySchema,
  oauthClientCreatedSchema,
  oauthClientListSchema,
  oauthClientParamsSchema,
  oauthConsentBodySchema,
  oauthDecisionSchema,
  oauthGrantedAccountsSchema,
  oauthInteractionParamsSchema,
  oauthInteractionSchema,
} from '@hashpool/shared';
import { access } from '../../platform/access';
import { AppError, ok } from '../../platform/errors';
import { clientInfo, perMinute } from '../../platform/request-context';
import type { OAuthService } from './oauth.service';
import { CONSENT_PATH, OIDC_PREFIX } from './provider';

/** oidc-provider's own limit of a form body (lib/shared/selective_body.js). */
const OIDC_FORM_LIMIT_BYTES = 56 * 1024;

/**
 * The site's policy without its form-action: with `response_mode=form_post` (in the provider's
 * discovery, and asked for by some clients) the provider answers a page whose form posts the code to
 * the client's redirect URI, another origin, which `form-action 'self'` blocks, leaving the user on
 * "Submitting Callback". The provider's pages hold no form of anyone else's, and the URI is one the
 * client registered exactly; its inline script is allowed by the hash the provider adds.
 */
function withoutFormAction(policy: string): string {
  return policy
    .split(';')
    .filter((directive) => !/^\s*form-action\b/i.test(directive))
    .join(';');
}

/**
 * The provider is a Koa application: its routes take the raw request and answer on the raw
 * response. Fastify parses no body here (the provider reads its own form posts), the security
 * headers already set (CSP, frame denial) are copied onto the answer, and the path is given
 * relative to the mount point, as oidc-provider expects when mounted (its originalUrl keeps the prefix).
 */
function providerRoutes(oauth: OAuthService) {
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    // Form posts (token, revocation, userinfo, end session) are read here once, within the
    // provider's own 56 KB limit, so that the input guard every route has (docs/security.md item 35:
    // no U+0000, no unpaired surrogate) sees their fields before the provider hands one to the
    // database; the provider then reads the same bytes from req.body.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer', bodyLimit: OIDC_FORM_LIMIT_BYTES }, (request, body, done) => {
      (request.raw as IncomingMessage & { body?: Buffer }).body = body as Buffer;
      done(null, querystring.parse((body as Buffer).toString('utf8')));
    });
    // Refusals before the provider answer as OAuth does (RFC 6749 §5.2), not in the site's envelope.
    app.setErrorHandler((error: { statusCode?: number; message?: string }, _request, reply) => {
      const status = error instanceof AppError ? error.status : (error.statusCode ?? 500);
      if (status >= 500) return reply.code(500).send({ error: 'server_error' });
      const unsafe = error instanceof AppError && error.key === 'validation_failed';
      return reply.code(status).send({ error: 'invalid_request', error_description: unsafe ? 'a field holds a character that is not allowed' : (error.message ?? 'invalid request') });
    });
    const koa = oauth.provider.callback();
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, name === 'content-security-policy' ? withoutFormAction(String(value)) : value);
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? '/';
      raw.originalUrl = url;
      raw.url = url.slice(OIDC_PREFIX.length) || '/';
      await koa(raw, reply.raw);
    };
    // The provider authenticates its callers itself (client secrets, PKCE, tokens): public here.
    const config = { access: access.public, signed: false };
    for (const url of ['/oidc', '/oidc/*']) {
      app.route({ method: ['GET', 'POST', 'OPTIONS'], url, config, schema: { hide: true }, handler });
    }
  };
}

export function oauthRoutes(oauth: OAuthService) {
  return async (plain: FastifyInstance) => {
    await plain.register(providerRoutes(oauth));
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const tags = ['oauth'];
    const me = (request: FastifyRequest) => request.principal!.userId;

    // The consent screen (/login/oauth/authorize?uid=…). The provider sends the browser to
    // /api/oauth/interaction/{uid} with its interaction cookie for that path; this forwards to the
    // web page, whose calls below (under the same path) carry the cookie.
    const browser = (request: FastifyRequest, reply: FastifyReply) => ({ req: request.raw, res: reply.raw });
    app.get('/oauth/interaction/:uid', {
      config: { access: access.public },
      schema: { tags, summary: 'Where the provider sends the browser: forwards to the consent screen', params: oauthInteractionParamsSchema },
    }, async (request, reply) => reply.redirect(`${CONSENT_PATH}?uid=${encodeURIComponent(request.params.uid)}`, 303));

    app.get('/oauth/interaction/:uid/details', {
      config: { access: access.user, ...perMinute(60) },
      schema: { tags, summary: 'An authorization request waiting for the user: the application, the scopes asked and the user\'s sub-accounts', params: oauthInteractionParamsSchema, response: { 200: envelope(oauthInteractionSchema) } },
    }, async (request, reply) => ok(request, await oauth.interactionDetails(me(request), request.params.uid, browser(request, reply))));

    app.post('/oauth/interaction/:uid/consent', {
      config: { access: access.user, ...perMinute(20) },
      schema: { tags, summary: 'Authorize the application for the chosen sub-accounts (at least one); answers where the browser goes next', params: oauthInteractionParamsSchema, body: oauthConsentBodySchema, response: { 200: envelope(oauthDecisionSchema) } },
    }, async (request, reply) => ok(request, { redirect_to: await oauth.consent(me(request), request.params.uid, request.body.account_ids, browser(request, reply), clientInfo(request)) }));

    app.post('/oauth/interaction/:uid/deny', {
      config: { access: access.user, ...perMinute(20) },
      schema: { tags, summary: 'Refuse the authorization: the application is told access_denied', params: oauthInteractionParamsSchema, response: { 200: envelope(oauthDecisionSchema) } },
    }, async (request, reply) => ok(request, { redirect_to: await oauth.deny(request.params.uid, browser(request, reply)) }));

    // Settings → authorized applications (/user/authredirect).
    app.get('/oauth/authorizations', {
      config: { access: access.user },
      schema: { tags, summary: 'The applications the user authorized, with their scopes and sub-accounts', response: { 200: envelope(oauthAuthorizationListSchema) } },
    }, async (request) => ok(request, await oauth.authorizations(me(request))));

    app.delete('/oauth/authorizations/:id', {
      config: { access: access.user, ...perMinute(20) },
      schema: { tags, summary: 'Revoke an application: its grant, refresh and access tokens stop working at once', params: oauthAuthorizationParamsSchema, response: { 200: envelope(z.null()) } },
    }, async (request) => {
      await oauth.revokeOwn(me(request), request.params.id, clientInfo(request));
      return ok(request, null);
    });

    // The resource call of an access token: which sub-accounts it may read.
    app.get('/oauth/accounts', {
      config: { access: access.observerReadable('user.view') },
      schema: { tags, summary: 'With an OAuth access token: the sub-accounts and scopes it was granted', response: { 200: envelope(oauthGrantedAccountsSchema) } },
    }, async (request) => ok(request, await oauth.grantedAccounts(request.principal!)));

    // Operators: the client registry.
    app.get('/admin/oauth/clients', {
      config: { access: access.admin },
      schema: { tags, summary: 'Registered OAuth applications', response: { 200: envelope(oauthClientListSchema) } },
    }, async (request) => ok(request, await oauth.clients()));

    app.post('/admin/oauth/clients', {
      config: { access: access.admin, ...perMinute(10) },
      schema: { tags, summary: 'Register an application: name, exact redirect URIs, allowed scopes; the secret is in this answer only', body: oauthClientBodySchema, response: { 200: envelope(oauthClientCreatedSchema) } },
    }, async (request) => ok(request, await oauth.registerClient(me(request), request.body)));

    app.post('/admin/oauth/clients/:id/disable', {
      config: { access: access.admin, ...perMinute(20) },
      schema: { tags, summary: 'Disable an application: it can no longer authorize and every authorization of it is revoked', params: oauthClientParamsSchema, response: { 200: envelope(z.null()) } },
    }, async (request) => {
      await oauth.disableClient(me(request), request.params.id);
      return ok(request, null);
    });
  };
}
