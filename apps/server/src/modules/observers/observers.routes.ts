// HTTP of observer links: the owner's links (/users/observers, user.view) and what a token may see
// (GET /users/observer/info, public: the token is the credential, checked by the service and
// limited per address). Reading a sub-account through a link is the mining and earnings routes'
// own, under their observer-readable policies (platform/access.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  observerCreateBodySchema,
  observerCreatedSchema,
  observerIdParamsSchema,
  observerInfoSchema,
  observerLinkListSchema,
  observerLinkSchema,
  observerRenameBodySchema,
  observerTokenQuerySchema,
} from '@hashpool/shared';
import { access } from '../../platform/access';
import { ok } from '../../platform/errors';
import { clientInfo, perMinute } from '../../platform/request-context';
import type { ObserversService } from './observers.service';

export function observersRoutes(observers: ObserversService) {
  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const tags = ['observers'];
    const owner = access.permissions('user.view');
    const me = (request: FastifyRequest) => request.principal!.userId;

    app.get('/users/observers', {
      config: { access: owner },
      schema: { tags, summary: "The caller's observer links, newest first: sub-account, nickname, permission, expiry, status, the token masked", response: { 200: envelope(observerLinkListSchema) } },
    }, async (request) => ok(request, await observers.list(me(request))));

    app.post('/users/observers', {
      config: { access: owner, ...perMinute(20) },
      schema: { tags, summary: 'Create an observer link for one of the caller\'s sub-accounts; the answer holds the token this once', body: observerCreateBodySchema, response: { 200: envelope(observerCreatedSchema) } },
    }, async (request) => ok(request, await observers.create(me(request), request.body, clientInfo(request))));

    app.put('/users/observers/:id', {
      config: { access: owner },
      schema: { tags, summary: 'Rename an observer link', params: observerIdParamsSchema, body: observerRenameBodySchema, response: { 200: envelope(observerLinkSchema) } },
    }, async (request) => ok(request, await observers.rename(me(request), request.params.id, request.body.nickname)));

    app.delete('/users/observers/:id', {
      config: { access: owner },
      schema: { tags, summary: 'Revoke an observer link: its token stops working at once', params: observerIdParamsSchema, response: { 200: envelope(observerLinkSchema) } },
    }, async (request) => ok(request, await observers.revoke(me(request), request.params.id, clientInfo(request))));

    app.get('/users/observer/info', {
      config: { access: access.public, ...perMinute(60) },
      schema: { tags, summary: 'What an observer token may see: nickname, sub-account, permission and pages, expiry (refused when unknown, expired or revoked)', querystring: observerTokenQuerySchema, response: { 200: envelope(observerInfoSchema) } },
    }, async (request) => ok(request, await observers.info(request.query.observer_token)));
  };
}
