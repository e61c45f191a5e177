// Security headers and rate limits (docs/security.md items 4 and 24).
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { FIRST_SCREEN_SCRIPT } from '@hashpool/shared';
import { AppError } from './errors';

/**
 * The SPA runs under this policy: scripts only from our origin, and the one inline script of
 * index.html, the static first screen's (packages/shared/src/first-screen.ts), by its hash,
 * inline styles allowed because Ant Design injects its CSS-in-JS as <style> elements, images
 * from our origin and data: URLs (QR codes), no framing by anyone.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", `'sha256-${createHash('sha256').update(FIRST_SCREEN_SCRIPT).digest('base64')}'`],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export const securityPlugin = fp<{ hsts: boolean; perMinute: number; redis?: Redis | undefined }>(async (app: FastifyInstance, options) => {
  // Helmet's middleware, built once: its header values are worked out here, not per request
  // (@fastify/helmet built a new middleware, parsing the CSP directives again, for every request:
  // 3 % of the server's CPU in bench:address).
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The SPA opens no cross-origin windows; same-origin keeps window.opener from leaking.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));

  // Counted in onRequest, before the body is parsed or anything is hashed. Routes may set a
  // tighter `config.rateLimit` (login, codes). Static files of the SPA are not counted.
  await app.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: 60_000,
    hook: 'onRequest',
    ...(options.redis ? { redis: options.redis, nameSpace: 'hp:rl:' } : {}),
    allowList: (request) => !request.url.startsWith('/api'),
    // @fastify/rate-limit throws what this returns; our error handler answers it (429, translated).
    errorResponseBuilder: () => new AppError('too_many_requests'),
  });
});
