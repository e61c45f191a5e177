// HTTP of WeChat sign-in: whether it is offered, starting a login or a binding (the QR-connect
// address), completing them with what WeChat sent back to /bind-wechat, and unbinding.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  loginResultSchema,
  WECHAT_REDIRECT_PATH,
  wechatAuthorizeSchema,
  wechatBindStartBodySchema,
  wechatCallbackBodySchema,
  wechatConfigSchema,
  wechatStatusSchema,
  wechatUnbindBodySchema,
} from '@hashpool/shared';
import { access } from '../../platform/access';
import { ok } from '../../platform/errors';
import { clientInfo, perMinute } from '../../platform/request-context';
import type { WechatService } from './wechat.service';

export function wechatRoutes(wechat: WechatService, publicOrigin: string | undefined) {
  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const tags = ['wechat'];
    const me = (request: FastifyRequest) => request.principal!.userId;
    /** Where WeChat sends the browser back: this site's BindWechat page (WeChat only allows the registered domain). */
    const redirectUri = (request: FastifyRequest, mode: 'login' | 'bind') =>
      `${publicOrigin?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`}${WECHAT_REDIRECT_PATH}?mode=${mode}`;

    app.get('/wechat/config', {
      config: { access: access.public },
      schema: { tags, summary: 'Whether WeChat login is offered (its App ID and secret are set)', response: { 200: envelope(wechatConfigSchema) } },
    }, async (request) => ok(request, { enabled: wechat.enabled }));

    app.get('/wechat/binding', {
      config: { access: access.user },
      schema: { tags, summary: "The user's WeChat binding", response: { 200: envelope(wechatStatusSchema) } },
    }, async (request) => ok(request, await wechat.status(me(request))));

    app.post('/wechat/login/authorize', {
      config: { access: access.public, ...perMinute(20) },
      schema: { tags, summary: "Start a WeChat login: the QR-connect address with a single-use state", response: { 200: envelope(wechatAuthorizeSchema) } },
    }, async (request) => ok(request, await wechat.startLogin(redirectUri(request, 'login'))));

    app.post('/wechat/login', {
      config: { access: access.public, ...perMinute(20) },
      schema: { tags, summary: 'Complete a WeChat login with the code and state WeChat sent back; the same steps and session as the password login', body: wechatCallbackBodySchema, response: { 200: envelope(loginResultSchema) } },
    }, async (request) => ok(request, await wechat.completeLogin(request.body.code, request.body.state, clientInfo(request), request.lang)));

    app.post('/wechat/bind/authorize', {
      config: { access: access.user, ...perMinute(10) },
      schema: { tags, summary: 'Start binding WeChat after the second factor: the QR-connect address', body: wechatBindStartBodySchema, response: { 200: envelope(wechatAuthorizeSchema) } },
    }, async (request) => ok(request, await wechat.startBind(me(request), request.body.verification, redirectUri(request, 'bind'))));

    app.post('/wechat/bind', {
      config: { access: access.user, ...perMinute(10) },
      schema: { tags, summary: 'Complete binding WeChat with the code and state WeChat sent back', body: wechatCallbackBodySchema, response: { 200: envelope(z.null()) } },
    }, async (request) => {
      await wechat.completeBind(me(request), request.body.code, request.body.state, clientInfo(request));
      return ok(request, null);
    });

    app.post('/wechat/unbind', {
      config: { access: access.user, ...perMinute(10) },
      schema: { tags, summary: 'Unbind WeChat (needs the second factor)', body: wechatUnbindBodySchema, response: { 200: envelope(z.null()) } },
    }, async (request) => {
      await wechat.unbind(me(request), request.body.verification, clientInfo(request));
      return ok(request, null);
    });
  };
}
