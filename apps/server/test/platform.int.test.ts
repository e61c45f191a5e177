// Platform pieces through HTTP: errors and languages, access policies, request signature,
// rate limits, body limits, security headers, logs without secrets, OpenAPI, SPA fallback.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, LANGUAGES, SIGN_HEADERS } from '@hashpool/shared';
import { access, type Principal } from '../src/platform/access';
import { ok } from '../src/platform/errors';
import { signParams } from '../src/platform/signature';
import { body, startTestApp, type TestApp } from './test-app';

const KEY = 'test-signing-key-0123456789';
const principals: Record<string, Principal> = {
  user: { userId: 'u1', accountId: 'a1', permissions: ['pool.view'], isAdmin: false },
  admin: { userId: 'u2', accountId: 'a2', permissions: [], isAdmin: true },
  observer: { userId: 'u1', accountId: 'a1', permissions: [], isAdmin: false, observer: { linkId: 'o1', accountName: 'acct1', permissions: ['pool.view'], routes: ['/test/:account/pool-read'] } },
};

function testRoutes(app: FastifyInstance) {
  // Who is calling comes from a header in these tests; the accounts module resolves real tokens.
  app.principalResolver = async (request) => principals[String(request.headers['x-test-principal'])] ?? null;
  app.register(async (api) => {
    api.post('/echo', { config: { access: access.public, signed: true }, schema: { body: z.object({ amount: z.string(), captcha_output: z.string().optional() }).passthrough() } }, async (request) => ok(request, request.body));
    api.get('/signed-get', { config: { access: access.public, signed: true } }, async (request) => ok(request, request.query));
    api.get('/boom', { config: { access: access.public } }, async () => {
      throw new Error('database password is hunter2');
    });
    api.get('/mine', { config: { access: access.user } }, async (request) => ok(request, request.principal?.userId));
    api.get('/:account/pool-read', { config: { access: access.observerReadable('pool.view') } }, async (request) => ok(request, 'read'));
    api.post('/pool-write', { config: { access: access.observerReadable('pool.view'), signed: false } }, async (request) => ok(request, 'written'));
    api.get('/wallet', { config: { access: access.permissions('wallet.view') } }, async (request) => ok(request, 'wallet'));
    api.get('/ops', { config: { access: access.admin } }, async (request) => ok(request, 'ops'));
    api.post('/strict', { config: { access: access.public, signed: false }, schema: { body: z.strictObject({ name: z.string() }) } }, async (request) => ok(request, request.body));
    api.put('/default-signed', { config: { access: access.public } }, async (request) => ok(request, 'changed'));
  }, { prefix: '/api/test' });
}

let t: TestApp;
const logs = new PassThrough();
let logText = '';
logs.on('data', (chunk: Buffer) => (logText += chunk.toString()));

beforeAll(async () => {
  t = await startTestApp({ env: { REQUEST_SIGN_KEY: KEY, BODY_LIMIT_BYTES: '2048' }, logStream: logs, extend: testRoutes });
});
afterAll(async () => {
  await t?.close();
});

function signedHeaders(params: Record<string, unknown>, overrides: { timestamp?: string; nonce?: string } = {}) {
  const timestamp = overrides.timestamp ?? String(Math.floor(t.clock.now().getTime() / 1000));
  const nonce = overrides.nonce ?? Math.random().toString(36).slice(2).padEnd(16, 'x');
  return {
    [SIGN_HEADERS.timestamp]: timestamp,
    [SIGN_HEADERS.nonce]: nonce,
    [SIGN_HEADERS.signature]: signParams(KEY, { ...params, timestamp, nonce }),
  };
}

describe('error envelope', () => {
  it('answers unknown API paths with 404 in the envelope, in every language', async () => {
    const messages = new Set<string>();
    for (const lang of LANGUAGES) {
      const res = await t.app.inject({ url: '/api/does/not/exist', headers: { lang } });
      expect(res.statusCode).toBe(404);
      const b = body<{ request_id: string }>(res);
      expect(b.code).toBe(ERRORS.not_found.code);
      expect(b.data.request_id).toBe(res.headers['x-request-id']);
      messages.add(b.msg);
    }
    expect(messages.size).toBe(LANGUAGES.length);
  });

  it('treats an unknown language as English and accepts the spelling ru-Ru', async () => {
    const xx = body(await t.app.inject({ url: '/api/nope', headers: { lang: 'xx' } }));
    const en = body(await t.app.inject({ url: '/api/nope' }));
    const ru = body(await t.app.inject({ url: '/api/nope', headers: { lang: 'ru-Ru' } }));
    expect(xx.msg).toBe(en.msg);
    expect(ru.msg).not.toBe(en.msg);
  });

  it('answers an unexpected failure as "system error" without internals', async () => {
    const res = await t.app.inject({ url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(body(res).code).toBe(ERRORS.system_error.code);
    expect(res.body).not.toContain('hunter2');
  });

  it('refuses unknown body fields, naming them', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/strict', payload: { name: 'a', role: 'admin' } });
    expect(res.statusCode).toBe(400);
    expect(body<{ fields: Array<{ field: string; message_key: string }> }>(res).data.fields).toEqual([
      expect.objectContaining({ field: 'body.role', message_key: 'unknown_field' }),
    ]);
  });

  it('answers malformed JSON and oversized bodies without a 5xx', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/test/strict', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).code).toBe(ERRORS.validation_failed.code);
    const big = await t.app.inject({ method: 'POST', url: '/api/test/strict', payload: { name: 'x'.repeat(5000) } });
    expect(big.statusCode).toBe(413);
    expect(body(big).code).toBe(ERRORS.payload_too_large.code);
    const media = await t.app.inject({ method: 'POST', url: '/api/test/strict', headers: { 'content-type': 'application/x-foo' }, payload: 'x' });
    expect(media.statusCode).toBe(415);
  });
});

describe('access policies', () => {
  it('every /api route declares a policy', () => {
    const apiRoutes = t.app.routeRecords.filter((r) => r.url.startsWith('/api'));
    expect(apiRoutes.length).toBeGreaterThan(10);
    for (const r of apiRoutes) expect(r.access, `${r.method} ${r.url}`).toBeDefined();
  });

  it('an app with a route that declares none refuses to start', async () => {
    await expect(
      startTestApp({ extend: (app) => void app.get('/api/test/forgotten', async () => 'x') }),
    ).rejects.toThrow(/without an access policy: GET \/api\/test\/forgotten/);
  });

  const cases: Array<[string, string, string | undefined, number]> = [
    ['GET', '/api/test/mine', undefined, 401],
    ['GET', '/api/test/mine', 'user', 200],
    ['GET', '/api/test/mine', 'observer', 403],
    ['GET', '/api/test/wallet', 'user', 403],
    ['GET', '/api/test/wallet', undefined, 401],
    ['GET', '/api/test/ops', 'user', 403],
    ['GET', '/api/test/ops', 'admin', 200],
    ['GET', '/api/test/acct1/pool-read', 'observer', 200],
    ['GET', '/api/test/ACCT1/pool-read', 'observer', 200],
    // An observer link is bound to its one sub-account.
    ['GET', '/api/test/acct2/pool-read', 'observer', 403],
    ['GET', '/api/test/acct1/pool-read', 'user', 200],
    ['GET', '/api/test/acct1/pool-read', 'admin', 403],
    ['POST', '/api/test/pool-write', 'observer', 403],
    ['POST', '/api/test/pool-write', 'user', 200],
  ];
  it.each(cases)('%s %s as %s -> %i', async (method, url, who, status) => {
    const res = await t.app.inject({ method: method as 'GET', url, headers: who ? { 'x-test-principal': who } : {} });
    expect(res.statusCode).toBe(status);
    if (status === 401) expect(body(res).code).toBe(ERRORS.unauthorized.code);
    if (status === 403) expect(body(res).code).toBe(method === 'GET' ? ERRORS.forbidden.code : ERRORS.observer_read_only.code);
  });
});

describe('request signature', () => {
  const post = (payload: Record<string, unknown>, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/test/echo?coin=btc', payload, headers });

  it('accepts a correctly signed request over query and body', async () => {
    const res = await post({ amount: '1.5' }, signedHeaders({ coin: 'btc', amount: '1.5' }));
    expect(res.statusCode).toBe(200);
  });

  it('is required by default on state-changing calls', async () => {
    const unsigned = await t.app.inject({ method: 'PUT', url: '/api/test/default-signed', payload: {} });
    expect(body(unsigned).code).toBe(ERRORS.signature_missing.code);
    const signed = await t.app.inject({ method: 'PUT', url: '/api/test/default-signed', payload: {}, headers: signedHeaders({}) });
    expect(signed.statusCode).toBe(200);
  });

  it('leaves captcha_output out of the signature', async () => {
    const res = await post({ amount: '1.5', captcha_output: 'anything' }, signedHeaders({ coin: 'btc', amount: '1.5', captcha_output: 'else' }));
    expect(res.statusCode).toBe(200);
  });

  it('refuses a missing or tampered signature', async () => {
    const missing = await post({ amount: '1.5' }, {});
    expect(body(missing).code).toBe(ERRORS.signature_missing.code);
    const tampered = await post({ amount: '100' }, signedHeaders({ coin: 'btc', amount: '1.5' }));
    expect(tampered.statusCode).toBe(400);
    expect(body(tampered).code).toBe(ERRORS.signature_invalid.code);
    const wrongQuery = await t.app.inject({ method: 'GET', url: '/api/test/signed-get?page=2', headers: signedHeaders({ page: '1' }) });
    expect(body(wrongQuery).code).toBe(ERRORS.signature_invalid.code);
  });

  it('refuses stale, future and out-of-range timestamps', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    for (const ts of [now - 301, now + 301, 4102444801, -1]) {
      const res = await post({ amount: '1' }, signedHeaders({ coin: 'btc', amount: '1' }, { timestamp: String(ts) }));
      expect(body(res).code, String(ts)).toBe(ERRORS.signature_expired.code);
    }
    const edge = await post({ amount: '1' }, signedHeaders({ coin: 'btc', amount: '1' }, { timestamp: String(now - 299) }));
    expect(edge.statusCode).toBe(200);
  });

  it('refuses a replayed request', async () => {
    const headers = signedHeaders({ coin: 'btc', amount: '2' });
    expect((await post({ amount: '2' }, headers)).statusCode).toBe(200);
    const again = await post({ amount: '2' }, headers);
    expect(body(again).code).toBe(ERRORS.signature_replayed.code);
  });
});

describe('security headers', () => {
  it('sends a CSP without inline scripts, nosniff and no framing', async () => {
    const res = await t.app.inject({ url: '/api/pools' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined(); // only in production or with HSTS=true
  });
});

describe('logs', () => {
  it('never contain tokens, signatures or secret query values', async () => {
    await t.app.inject({ url: '/api/pools?token=secret-query-token&coin=btc', headers: { authorization: 'Bearer secret-bearer-token' } });
    await post2();
    expect(logText).toContain('/api/pools');
    expect(logText).not.toContain('secret-query-token');
    expect(logText).not.toContain('secret-bearer-token');
    expect(logText).not.toContain('hunter2-signed');
  });
  async function post2() {
    const headers = signedHeaders({ amount: 'hunter2-signed' });
    await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { amount: 'hunter2-signed' }, headers });
  }
});

describe('OpenAPI', () => {
  it('documents the content calls from their zod schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body) as { paths: Record<string, unknown> };
    for (const p of ['/api/pools', '/api/parameters', '/api/v2/wallets/currency/rates', '/api/media/announcement/list']) {
      expect(doc.paths).toHaveProperty([p]);
    }
  });
});

describe('rate limits', () => {
  it('answers 429 in the envelope once the per-IP budget is spent', async () => {
    const small = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' }, demo: false });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await small.app.inject({ url: '/api/pools', headers: { lang: 'zh-CN' } })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const res = await small.app.inject({ url: '/api/pools', headers: { lang: 'zh-CN' } });
      expect(body(res).code).toBe(ERRORS.too_many_requests.code);
      expect(body(res).msg).toMatch(/[\u4e00-\u9fff]/);
    } finally {
      await small.close();
    }
  });
});

describe('web app serving', () => {
  it('serves index.html for client routes, 404 for missing assets and unknown API paths', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'hp-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(path.join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
    const web = await startTestApp({ env: { WEB_DIST_DIR: dist }, demo: false });
    try {
      const root = await web.app.inject({ url: '/' });
      expect(root.statusCode).toBe(200);
      expect(root.body).toContain('shell');
      expect(root.headers['cache-control']).toBe('no-cache');
      const page = await web.app.inject({ url: '/pool/btc/home?x=1' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('shell');
      expect(page.headers['cache-control']).toBe('no-cache');
      const asset = await web.app.inject({ url: '/assets/app-abc.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await web.app.inject({ url: '/assets/gone-123.js' })).statusCode).toBe(404);
      // A file added after the start (a rebuild while running) is served.
      writeFileSync(path.join(dist, 'assets', 'late-456.js'), 'console.log(2)');
      expect((await web.app.inject({ url: '/assets/late-456.js' })).statusCode).toBe(200);
      expect((await web.app.inject({ url: '/assets/' })).statusCode).toBe(404);
      const api = await web.app.inject({ url: '/api/unknown' });
      expect(api.statusCode).toBe(404);
      expect(body(api).code).toBe(ERRORS.not_found.code);
    } finally {
      await web.close();
    }
  });

  it('sends the precompressed .br or .gz the request accepts, the original otherwise', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'hp-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    // What the build writes (apps/web/vite.config.ts): each text asset, and beside it its .br and .gz.
    const shell = `<!doctype html><title>shell</title>${'<!-- padding -->'.repeat(100)}`;
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}` })))};`;
    const style = `${'.row { display: flex; }\n'.repeat(100)}`;
    const files: Record<string, string> = { 'index.html': shell, 'assets/app-abc.js': script, 'assets/app-abc.css': style };
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(path.join(dist, name), text);
      writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
      writeFileSync(path.join(dist, `${name}.gz`), gzipSync(text));
    }
    writeFileSync(path.join(dist, 'assets', 'tiny-abc.js'), 'console.log(1)'); // too small: no .br, no .gz
    const web = await startTestApp({ env: { WEB_DIST_DIR: dist }, demo: false });
    try {
      const get = (url: string, acceptEncoding?: string) =>
        web.app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

      const br = await get('/assets/app-abc.js', 'gzip, deflate, br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
      expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(script));

      const gz = await get('/assets/app-abc.css', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers['content-type']).toMatch(/^text\/css/);
      expect(gz.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(gz.rawPayload).toString()).toBe(style);

      for (const acceptEncoding of [undefined, 'identity']) {
        const plain = await get('/assets/app-abc.js', acceptEncoding);
        expect(plain.statusCode).toBe(200);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.headers.vary).toMatch(/accept-encoding/i);
        expect(plain.body).toBe(script);
      }

      // A file without a compressed form is sent as it is, even to a browser that accepts br.
      const tiny = await get('/assets/tiny-abc.js', 'br');
      expect(tiny.statusCode).toBe(200);
      expect(tiny.headers['content-encoding']).toBeUndefined();
      expect(tiny.body).toBe('console.log(1)');

      // The app shell, at "/" and at a client route, is compressed too and never cached.
      for (const url of ['/', '/pool/btc/home']) {
        const page = await get(url, 'br, gzip');
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-encoding']).toBe('br');
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(brotliDecompressSync(page.rawPayload).toString()).toBe(shell);
      }
      expect((await get('/assets/gone-123.js', 'br')).statusCode).toBe(404);
    } finally {
      await web.close();
    }
  });
});
