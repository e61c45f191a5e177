// The request signature (docs/rules.md, The API) as a platform piece: a request is refused unless its
// query and top-level body fields, with the timestamp and nonce headers, are signed with
// HMAC-SHA256 under the request-signing key. Every state-changing /api call must be signed unless
// its route says `signed: false` (machine callers with keys of their own); a read may ask for it
// with `signed: true`. It runs in preValidation, so it sees the parameters as sent, before
// schemas add defaults.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { canonicalSignString, isValidTimestamp, SIGN_HEADERS, SIGN_MAX_SKEW_SECONDS } from '@hashpool/shared';
import { AppError } from './errors';
import type { ReplayGuard } from './replay-guard';

export function signParams(key: string, params: Record<string, unknown>): string {
  return createHmac('sha256', key).update(canonicalSignString(params)).digest('hex');
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export const signaturePlugin = fp<{ key: string; replayGuard: ReplayGuard }>(async (app: FastifyInstance, options) => {
  app.addHook('preValidation', async (request) => {
    const mutating = !READ_METHODS.has(request.method) && request.url.startsWith('/api/');
    if (!(request.routeOptions.config.signed ?? mutating)) return;
    const timestamp = header(request.headers[SIGN_HEADERS.timestamp]);
    const nonce = header(request.headers[SIGN_HEADERS.nonce]);
    const signature = header(request.headers[SIGN_HEADERS.signature]);
    if (!timestamp || !nonce || !signature) throw new AppError('signature_missing');
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(nonce) || !/^[0-9a-f]{64}$/i.test(signature)) throw new AppError('signature_invalid');

    const seconds = Number(timestamp);
    if (!/^\d{1,10}$/.test(timestamp) || !isValidTimestamp(seconds)) throw new AppError('signature_expired');
    const skew = Math.abs(app.clock.now().getTime() / 1000 - seconds);
    if (skew > SIGN_MAX_SKEW_SECONDS) throw new AppError('signature_expired');

    const query = Object.fromEntries(new URL(request.url, 'http://x').searchParams);
    const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
    // The input guard has refused text the canon cannot encode; should any still reach it, the
    // request is refused as unsigned, never answered with a 500.
    let expected: Buffer;
    try {
      expected = Buffer.from(signParams(options.key, { ...query, ...body, timestamp, nonce }), 'hex');
    } catch {
      throw new AppError('signature_invalid');
    }
    const given = Buffer.from(signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('signature_invalid');

    // Only a valid signature spends its nonce, so forged requests cannot burn real ones.
    if (!(await options.replayGuard.firstUse(nonce, SIGN_MAX_SKEW_SECONDS * 2))) throw new AppError('signature_replayed');
  });
});
