// Test factories that go through the HTTP API as a browser would: solve the captcha, read the
// code from the mailbox, register, log in with the encrypted password.
import { constants, publicEncrypt, randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { DEVICE_HEADER, SIGN_HEADERS, type LoginResult, type Tokens } from '@hashpool/shared';
import { sql } from 'drizzle-orm';
import { signParams } from '../src/platform/signature';
import { body } from './test-app';
import { SmtpInbox } from './smtp-inbox';

/** The signature headers the web client sends (docs/rules.md, The API). */
export function signatureHeaders(app: FastifyInstance, params: Record<string, unknown>): Record<string, string> {
  const timestamp = String(Math.floor(app.clock.now().getTime() / 1000));
  const nonce = randomBytes(16).toString('hex');
  return {
    [SIGN_HEADERS.timestamp]: timestamp,
    [SIGN_HEADERS.nonce]: nonce,
    [SIGN_HEADERS.signature]: signParams(app.config.REQUEST_SIGN_KEY, { ...params, timestamp, nonce }),
  };
}

/**
 * Requests as a browser sends them: signed when they change something, and from a random client
 * address, as different users' requests are. The strict per-IP limits of the login and code
 * routes have their own test from one address.
 */
export function inject(app: FastifyInstance, options: InjectOptions) {
  const ip = `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;
  const method = (options.method ?? 'GET').toUpperCase();
  const payload = options.payload && typeof options.payload === 'object' ? (options.payload as Record<string, unknown>) : {};
  const query = Object.fromEntries(new URL(String(options.url ?? '/'), 'http://x').searchParams);
  const sign = method === 'GET' ? {} : signatureHeaders(app, { ...query, ...payload });
  return app.inject({ remoteAddress: ip, ...options, headers: { ...sign, ...(options.headers ?? {}) } });
}

export async function solvedCaptcha(app: FastifyInstance) {
  const res = await inject(app, { url: '/api/captcha/challenge' });
  const challenge = body<{ challenge: Challenge }>(res).data.challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return { provider: 'altcha' as const, challenge, solution: solution! };
}

export function newDevice(): string {
  return randomBytes(16).toString('hex');
}

export function uniqueEmail(tag = 'user'): string {
  return `${tag}.${randomBytes(5).toString('hex')}@example.com`;
}

export async function sendCode(app: FastifyInstance, payload: Record<string, unknown>, lang = 'en') {
  return inject(app, { method: 'POST', url: '/api/v3/auth/validation/code', headers: { lang }, payload: { captcha: await solvedCaptcha(app), ...payload } });
}

export const PASSWORD = 'correct horse battery staple';

export async function registerByEmail(app: FastifyInstance, inbox: SmtpInbox, email = uniqueEmail(), device = newDevice()) {
  const since = inbox.mails.length;
  const sent = await sendCode(app, { purpose: 'register', channel: 'email', email });
  if (sent.statusCode !== 200) throw new Error(`send code: ${sent.body}`);
  const code = SmtpInbox.code(await inbox.next(email, since));
  const res = await inject(app, {
    method: 'POST',
    url: '/api/users/register',
    headers: { [DEVICE_HEADER]: device },
    payload: { channel: 'email', email, code, password: PASSWORD, confirm_password: PASSWORD, agree_terms: true },
  });
  if (res.statusCode !== 200) throw new Error(`register: ${res.body}`);
  return { email, device, tokens: body<Tokens>(res).data };
}

export async function encryptPassword(app: FastifyInstance, password: string) {
  const { data } = body<{ key_id: string; public_key: string }>(await inject(app, { url: '/api/v2/users/encrypt/pubkey' }));
  const cipher = publicEncrypt({ key: data.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password, 'utf8'));
  return { key_id: data.key_id, password: cipher.toString('base64') };
}

/** Logs in from `device`; null sends no device header at all. */
export async function login(app: FastifyInstance, account: string, password: string, device: string | null, extra: Record<string, unknown> = {}) {
  const res = await inject(app, {
    method: 'POST',
    url: '/api/v2/users/encrypt/login',
    headers: device === null ? {} : { [DEVICE_HEADER]: device },
    payload: { account, ...(await encryptPassword(app, password)), ...extra },
  });
  return { res, result: res.statusCode === 200 ? body<LoginResult>(res).data : undefined };
}

export const auth = (tokens: Tokens) => ({ authorization: `Bearer ${tokens.token}` });

/**
 * The emailed code of a security operation (for wallet operations, bound to `subject`): moves the
 * fake clock past the 60 s resend timer, asks for the code and reads it from the SMTP inbox.
 */
export async function emailOperationCode(t: { app: FastifyInstance; clock: { advance(ms: number): void } }, inbox: SmtpInbox, user: { email: string; tokens: Tokens }, operation: string, subject?: string): Promise<string> {
  t.clock.advance(61_000);
  const since = inbox.mails.length;
  const res = await inject(t.app, { method: 'POST', url: '/api/auth/validation/verified-email', headers: auth(user.tokens), payload: { operation, ...(subject ? { subject } : {}) } });
  if (res.statusCode !== 200) throw new Error(`operation code: ${res.body}`);
  return SmtpInbox.code(await inbox.next(user.email, since));
}

export const TEST_PIN = '246810';

/**
 * Sets the user's pay password through the API (with its emailed code) and, unless `keepHold`,
 * ends the security hold that a new pay password starts, as if it was set two days ago.
 */
export async function setPayPassword(
  t: { app: FastifyInstance; clock: { advance(ms: number): void; now(): Date }; database: { db: { execute(query: unknown): Promise<unknown> } } },
  inbox: SmtpInbox,
  user: { email: string; tokens: Tokens },
  options: { pin?: string; keepHold?: boolean } = {},
): Promise<void> {
  const pin = options.pin ?? TEST_PIN;
  const email_code = await emailOperationCode(t, inbox, user, 'pay_password');
  const res = await inject(t.app, { method: 'PUT', url: '/api/users/pay-password', headers: auth(user.tokens), payload: { pay_password: pin, confirm_pay_password: pin, verification: { email_code } } });
  if (res.statusCode !== 200) throw new Error(`pay password: ${res.body}`);
  if (!options.keepHold) {
    const past = new Date(t.clock.now().getTime() - 2 * 86_400_000).toISOString();
    await t.database.db.execute(sql`update users set security_changed_at = ${past} where email = ${user.email}`);
  }
}
