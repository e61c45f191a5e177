// Text messages through the Twilio adapter (SMS_PROVIDER=twilio) against a local server that
// checks each request as Twilio documents it: codes arrive, the 60 s resend timer is kept by the
// server whatever route sends, per-number and per-address hourly caps, codes bound to purpose and
// target, a provider refusal is a translated code_send_failed (never a 500), and no secret or code
// reaches the logs.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type Tokens } from '@hashpool/shared';
import { auth, inject, PASSWORD, solvedCaptcha } from './account-helpers';
import { FakeTwilio } from './fakes/twilio';
import { body, startTestApp, type TestApp } from './test-app';

const SID = `AC${'c3'.repeat(16)}`;
const TOKEN = 'integration-twilio-token-9f8e7d6c';
const twilio = new FakeTwilio(SID, TOKEN);
let t: TestApp;
const logs = new PassThrough();
let logText = '';
logs.on('data', (c: Buffer) => (logText += c.toString()));
const codes: string[] = [];

beforeAll(async () => {
  const base = await twilio.start();
  t = await startTestApp({
    env: {
      ALTCHA_COST: '1',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: '+15005550006',
      TWILIO_API_BASE: base,
      SMS_PER_NUMBER_PER_HOUR: '3',
      SMS_PER_IP_PER_HOUR: '4',
    },
    logStream: logs,
  });
});
afterAll(async () => {
  await t?.close();
  await twilio.stop();
  expect(logText).not.toContain(TOKEN);
  for (const code of codes) expect(logText).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
});

let phoneSeq = 4155550100;
const newPhone = () => String(phoneSeq++);
const codeIn = (text: string) => {
  const code = /\b(\d{6})\b/.exec(text)![1]!;
  codes.push(code);
  return code;
};

async function send(payload: Record<string, unknown>, ip?: string, lang = 'en') {
  return inject(t.app, {
    method: 'POST',
    url: '/api/v3/auth/validation/code',
    headers: { lang },
    payload: { captcha: await solvedCaptcha(t.app), ...payload },
    ...(ip ? { remoteAddress: ip } : {}),
  });
}

async function register(phone: string, code: string) {
  return inject(t.app, { method: 'POST', url: '/api/users/register', payload: { channel: 'sms', phone_country: '1', phone, code, password: PASSWORD, confirm_password: PASSWORD, agree_terms: true } });
}

describe('sms gateway', () => {
  it('delivers a registration code through the provider; the code is bound to its target and purpose', async () => {
    const phone = newPhone();
    const other = newPhone();
    const since = twilio.messages.length;
    expect((await send({ purpose: 'register', channel: 'sms', phone_country: '1', phone })).statusCode).toBe(200);
    const message = twilio.messages.slice(since).find((m) => m.to === `+1${phone}`)!;
    expect(message.from).toBe('+15005550006');
    const code = codeIn(message.body);
    // Another number, or another purpose, cannot use it.
    expect(body(await register(other, code)).code).toBe(ERRORS.code_invalid.code);
    const reset = await inject(t.app, { method: 'POST', url: '/api/users/password/reset', payload: { channel: 'sms', phone_country: '1', phone, code, new_password: PASSWORD, confirm_password: PASSWORD } });
    expect(body(reset).code).toBe(ERRORS.code_invalid.code);
    const res = await register(phone, code);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('keeps the 60 s resend timer on the server, on every route that sends, with the seconds left', async () => {
    const phone = newPhone();
    expect((await send({ purpose: 'register', channel: 'sms', phone_country: '1', phone })).statusCode).toBe(200);
    codeIn(await twilio.next(`+1${phone}`, twilio.messages.length - 1));
    t.clock.advance(20_000);
    const again = await send({ purpose: 'register', channel: 'sms', phone_country: '1', phone }, undefined, 'zh-CN');
    expect(again.statusCode).toBe(429);
    expect(body(again).code).toBe(ERRORS.code_resend_wait.code);
    expect(body(again).msg).toContain('40');
    expect(body(again).msg).toMatch(/[\u4e00-\u9fff]/);
    t.clock.advance(41_000);
    expect((await send({ purpose: 'register', channel: 'sms', phone_country: '1', phone })).statusCode).toBe(200);
  });

  it('caps the codes to one number per hour', async () => {
    const phone = newPhone();
    for (let i = 0; i < 3; i++) {
      expect((await send({ purpose: 'register', channel: 'sms', phone_country: '1', phone })).statusCode).toBe(200);
      t.clock.advance(61_000);
    }
    const capped = await send({ purpose: 'register', channel: 'sms', phone_country: '1', phone });
    expect(capped.statusCode).toBe(429);
    expect(body(capped).code).toBe(ERRORS.sms_number_limit.code);
    t.clock.advance(3600_000);
    expect((await send({ purpose: 'register', channel: 'sms', phone_country: '1', phone })).statusCode).toBe(200);
  });

  it('caps the codes from one client address per hour, across numbers', async () => {
    const ip = '10.77.0.1';
    for (let i = 0; i < 4; i++) expect((await send({ purpose: 'register', channel: 'sms', phone_country: '1', phone: newPhone() }, ip)).statusCode).toBe(200);
    const capped = await send({ purpose: 'register', channel: 'sms', phone_country: '1', phone: newPhone() }, ip);
    expect(body(capped).code).toBe(ERRORS.sms_ip_limit.code);
    // Sent at once, no more pass than the cap (the route's own per-address limit refuses some first).
    const burst = await Promise.all(Array.from({ length: 10 }, () => send({ purpose: 'register', channel: 'sms', phone_country: '1', phone: newPhone() }, '10.77.0.9')));
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(4);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(6);
    // Another address is not affected.
    expect((await send({ purpose: 'register', channel: 'sms', phone_country: '1', phone: newPhone() }, '10.77.0.2')).statusCode).toBe(200);
    t.clock.advance(3600_000);
  });

  it("answers a provider's refusal (21211 invalid To) with a translated code_send_failed, never a 500", async () => {
    const res = await send({ purpose: 'register', channel: 'sms', phone_country: '1', phone: '5005550001' }, undefined, 'ru-RU');
    expect(res.statusCode).toBe(503);
    expect(body(res).code).toBe(ERRORS.code_send_failed.code);
    expect(body(res).msg).toMatch(/[а-яА-Я]/);
    expect(logText).toContain('21211');
  });

  it('sends the code of a security operation to the bound phone and the operation takes it', async () => {
    const phone = newPhone();
    await send({ purpose: 'register', channel: 'sms', phone_country: '1', phone });
    const code = codeIn(await twilio.next(`+1${phone}`, twilio.messages.length - 1));
    const tokens = body<Tokens>(await register(phone, code)).data;
    t.clock.advance(61_000);
    const since = twilio.messages.length;
    const sent = await inject(t.app, { method: 'POST', url: '/api/auth/validation/sms', headers: auth(tokens), payload: { operation: 'pay_password' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const opCode = codeIn(await twilio.next(`+1${phone}`, since));
    const early = await inject(t.app, { method: 'POST', url: '/api/auth/validation/sms', headers: auth(tokens), payload: { operation: 'pay_password' } });
    expect(body(early).code).toBe(ERRORS.code_resend_wait.code);
    // Bound to its operation: the cancellation does not take it.
    const cancel = await inject(t.app, { method: 'POST', url: '/api/users/cancel', headers: auth(tokens), payload: { verification: { sms_code: opCode } } });
    expect(body(cancel).code).toBe(ERRORS.code_invalid.code);
    const set = await inject(t.app, { method: 'PUT', url: '/api/users/pay-password', headers: auth(tokens), payload: { pay_password: '135790', confirm_pay_password: '135790', verification: { sms_code: opCode } } });
    expect(set.statusCode, set.body).toBe(200);
  });
});
