// HTTP of passkeys: the user's list, registration, rename and removal (/users/passkeys), and the
// passkey login (/users/passkeys/login/*, public). Options and verify routes are rate limited.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  passkeyDeleteBodySchema,
  passkeyIdParamsSchema,
  passkeyListSchema,
  passkeyLoginBodySchema,
  passkeyLoginResultSchema,
  passkeyOptionsSchema,
  passkeyRegisterBodySchema,
  passkeyRegisterOptionsBodySchema,
  passkeyRenameBodySchema,
  passkeySchema,
} from '@hashpool/shared';
import { access } from '../../platform/access';
import { ok } from '../../platform/errors';
import { clientInfo, perMinute } from '../../platform/request-context';
import type { PasskeyService } from './passkeys.service';

export function passkeysRoutes(passkeys: PasskeyService) {
  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const tags = ['passkeys'];
    const me = (request: { principal: { userId: string } | null }) => request.principal!.userId;

    app.get('/users/passkeys', {
      config: { access: access.user },
      schema: { tags, summary: "The caller's passkeys (nickname, created, last used)", response: { 200: envelope(passkeyListSchema) } },
    }, async (request) => ok(request, await passkeys.list(me(request))));

    app.post('/users/passkeys/register/options', {
      config: { access: access.user, ...perMinute(10) },
      schema: { tags, summary: 'Options for navigator.credentials.create (needs the second factor; a single-use challenge of 5 minutes)', body: passkeyRegisterOptionsBodySchema, response: { 200: envelope(passkeyOptionsSchema) } },
    }, async (request) => ok(request, await passkeys.registrationOptions(me(request), request.body.verification)));

    app.post('/users/passkeys/register/verify', {
      config: { access: access.user, ...perMinute(10) },
      schema: { tags, summary: 'Register the created passkey under a nickname', body: passkeyRegisterBodySchema, response: { 200: envelope(passkeySchema) } },
    }, async (request) => ok(request, await passkeys.register(me(request), request.body.nickname, request.body.credential, clientInfo(request))));

    app.post('/users/passkeys/login/options', {
      config: { access: access.public, ...perMinute(20) },
      schema: { tags, summary: 'Options for navigator.credentials.get (discoverable credentials, user verification required)', response: { 200: envelope(passkeyOptionsSchema) } },
    }, async (request) => ok(request, await passkeys.authenticationOptions()));

    app.post('/users/passkeys/login/verify', {
      config: { access: access.public, ...perMinute(10) },
      schema: { tags, summary: 'Log in with a passkey: the same session as the password login, no second step', body: passkeyLoginBodySchema, response: { 200: envelope(passkeyLoginResultSchema) } },
    }, async (request) => ok(request, await passkeys.login(request.body.credential, clientInfo(request), request.lang)));

    app.put('/users/passkeys/:id', {
      config: { access: access.user, ...perMinute(20) },
      schema: { tags, summary: 'Rename a passkey of the caller', params: passkeyIdParamsSchema, body: passkeyRenameBodySchema, response: { 200: envelope(passkeySchema) } },
    }, async (request) => ok(request, await passkeys.rename(me(request), request.params.id, request.body.nickname)));

    app.post('/users/passkeys/:id/delete', {
      config: { access: access.user, ...perMinute(10) },
      schema: { tags, summary: 'Remove a passkey (needs the second factor; other sessions end)', params: passkeyIdParamsSchema, body: passkeyDeleteBodySchema, response: { 200: envelope(z.null()) } },
    }, async (request) => {
      await passkeys.remove(me(request), request.params.id, request.body.verification, clientInfo(request), request.principal?.sessionFamilyId);
      return ok(request, null);
    });
  };
}
