// Structured logs (pino, through fastify) with request ids and without secrets
// (docs/security.md item 25): credentials in headers and secret-looking fields are redacted,
// and secret query parameters are cut out of logged URLs.
import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import type { FastifyLoggerOptions, RawRequestDefaultExpression } from 'fastify';

const SECRET_FIELDS = [
  'password', 'new_password', 'old_password', 'pay_password', 'token', 'refresh_token', 'access_token',
  'code', 'secret', 'totp', 'captcha_output', 'pass_token', 'observer_token', 'api_key', 'ingest_key',
];
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_FIELDS.join('|')})=)[^&]*`, 'gi');

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[REDACTED]');
}

const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

export function loggerOptions(level: string, stream?: Writable): FastifyLoggerOptions & Record<string, unknown> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-hp-sign"]',
        'req.headers["x-ingest-key"]',
        'res.headers["set-cookie"]',
        ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
        id: req.id,
      }),
    },
  };
}

/** Keeps a well-formed X-Request-Id from a proxy, otherwise makes one. */
export function genReqId(req: RawRequestDefaultExpression): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
