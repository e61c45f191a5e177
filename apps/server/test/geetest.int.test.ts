// The GeeTest v4 adapter over real HTTP against a local stand-in for GeeTest's validate endpoint:
// it sends the four fields and an HMAC sign token, trusts only "success", and refuses when the
// service does not answer.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeetestVerifier } from '../src/platform/captcha';

const ID = 'captcha-id-123';
const KEY = 'captcha-key-456';
let server: Server;
let endpoint = '';
const seen: Array<{ query: string; form: URLSearchParams }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      seen.push({ query: req.url ?? '', form });
      const expected = createHmac('sha256', KEY).update(form.get('lot_number') ?? '').digest('hex');
      const pass = form.get('sign_token') === expected && form.get('pass_token') === 'good';
      res.setHeader('content-type', 'application/json');
      if (form.get('pass_token') === 'slow') return; // never answers
      res.end(JSON.stringify({ result: pass ? 'success' : 'fail', reason: pass ? '' : 'bad' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/validate`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const answer = (pass_token: string) => ({ provider: 'geetest' as const, lot_number: 'lot-1', captcha_output: 'out', pass_token, gen_time: '1700000000' });

describe('GeetestVerifier', () => {
  it('passes what GeeTest validates, with the captcha id and a correct sign token', async () => {
    const verifier = new GeetestVerifier(ID, KEY, endpoint);
    expect(await verifier.verify(answer('good'))).toBe(true);
    const last = seen.at(-1)!;
    expect(last.query).toContain(`captcha_id=${ID}`);
    expect(last.form.get('captcha_output')).toBe('out');
    expect(await verifier.challenge()).toEqual({ captcha_id: ID });
  });

  it('refuses what GeeTest refuses, a wrong key, another provider and no answer', async () => {
    expect(await new GeetestVerifier(ID, KEY, endpoint).verify(answer('bad'))).toBe(false);
    expect(await new GeetestVerifier(ID, 'other-key', endpoint).verify(answer('good'))).toBe(false);
    expect(await new GeetestVerifier(ID, KEY, endpoint).verify(undefined)).toBe(false);
    expect(await new GeetestVerifier(ID, KEY, 'http://127.0.0.1:9/validate').verify(answer('good'))).toBe(false);
  });
});
