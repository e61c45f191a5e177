// Passkeys through HTTP, answered by a software authenticator: registration, the
// passkey login and its session, rename and removal (with the second factor), and the WebAuthn
// checks each refusing what breaks them: challenge reuse, expiry and purpose, origin, RP ID, user
// verification, counter regression (a cloned authenticator), a credential of another user, and a
// credential registered twice.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_HEADER, ERRORS, PASSKEY_CHALLENGE_TTL_SECONDS, PASSKEY_MAX_PER_USER, type Passkey, type Tokens } from '@hashpool/shared';
import { auth, emailOperationCode, inject, newDevice, registerByEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';
import { SoftAuthenticator, type Tweaks } from './webauthn-authenticator';

let t: TestApp;
const inbox = new SmtpInbox();

beforeAll(async () => {
  t = await startTestApp({ env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', ACCESS_TOKEN_TTL_SECONDS: '3600' } });
});
afterAll(async () => {
  await t?.close();
  await inbox.stop();
});

type User = Awaited<ReturnType<typeof registerByEmail>>;
const codeOf = (res: { body: string }) => body(res).code;
const options = (res: { body: string }) => body<{ options: Record<string, unknown> }>(res).data.options;

/** Registration options, given after the user's second factor (an emailed code for adding a passkey). */
async function registerOptions(user: User) {
  const email_code = await emailOperationCode(t, inbox, user, 'passkey_add');
  const res = await inject(t.app, { method: 'POST', url: '/api/users/passkeys/register/options', headers: auth(user.tokens), payload: { verification: { email_code } } });
  expect(res.statusCode, res.body).toBe(200);
  return options(res);
}

async function addPasskey(user: User, authenticator: SoftAuthenticator, nickname = 'Laptop', tweaks: Tweaks = {}) {
  const opts = await registerOptions(user);
  return inject(t.app, { method: 'POST', url: '/api/users/passkeys/register/verify', headers: auth(user.tokens), payload: { nickname, credential: authenticator.create(opts, tweaks) } });
}

async function loginOptions() {
  const res = await inject(t.app, { method: 'POST', url: '/api/users/passkeys/login/options' });
  expect(res.statusCode, res.body).toBe(200);
  return options(res);
}

function verifyLogin(credential: unknown, device = newDevice()) {
  return inject(t.app, { method: 'POST', url: '/api/users/passkeys/login/verify', headers: { [DEVICE_HEADER]: device }, payload: { credential } });
}

async function passkeyLogin(authenticator: SoftAuthenticator, tweaks: Tweaks = {}, device?: string) {
  return verifyLogin(authenticator.get(await loginOptions(), tweaks), device);
}

async function list(tokens: Tokens): Promise<Passkey[]> {
  const res = await inject(t.app, { url: '/api/users/passkeys', headers: auth(tokens) });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ list: Passkey[] }>(res).data.list;
}

async function events(tokens: Tokens): Promise<string[]> {
  const res = await inject(t.app, { url: '/api/users/logs?page=1&page_size=50', headers: auth(tokens) });
  return body<{ list: Array<{ event: string }> }>(res).data.list.map((e) => e.event);
}

describe('passkeys', () => {
  let alice: User;
  let key: SoftAuthenticator;

  beforeAll(async () => {
    alice = await registerByEmail(t.app, inbox);
    key = new SoftAuthenticator();
  });

  it('registers a passkey with user verification required and a discoverable credential', async () => {
    const opts = await registerOptions(alice);
    expect(opts.rp).toEqual({ name: expect.any(String), id: 'localhost' });
    expect(opts.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const res = await inject(t.app, { method: 'POST', url: '/api/users/passkeys/register/verify', headers: auth(alice.tokens), payload: { nickname: '  Laptop  ', credential: key.create(opts) } });
    expect(res.statusCode, res.body).toBe(200);
    const [pk] = await list(alice.tokens);
    expect(pk).toMatchObject({ nickname: 'Laptop', last_used_at: null });
    expect(await events(alice.tokens)).toContain('passkey_add');
    // The next options exclude it, so the browser does not register it twice.
    expect((await registerOptions(alice)).excludeCredentials).toEqual([expect.objectContaining({ id: key.create(opts).id })]);
  });

  it('gives no challenge without the second factor: a stolen session cannot add a passkey', async () => {
    const mallory = await registerByEmail(t.app, inbox);
    const ask = (payload?: object) => inject(t.app, { method: 'POST', url: '/api/users/passkeys/register/options', headers: auth(mallory.tokens), ...(payload ? { payload } : {}) });
    expect(codeOf(await ask())).toBe(ERRORS.validation_failed.code);
    expect(codeOf(await ask({ verification: {} }))).toBe(ERRORS.second_factor_required.code);
    expect((await ask({ verification: { email_code: '000000' } })).statusCode).toBe(400);
    // A code sent for another operation does not add a passkey.
    const other = await emailOperationCode(t, inbox, mallory, 'passkey_delete', '00000000-0000-4000-8000-000000000000');
    expect((await ask({ verification: { email_code: other } })).statusCode).toBe(400);
    const email_code = await emailOperationCode(t, inbox, mallory, 'passkey_add');
    expect((await ask({ verification: { email_code } })).statusCode).toBe(200);
    expect((await ask({ verification: { email_code } })).statusCode).toBe(400); // spent
  });

  it('refuses a blank nickname, and anonymous callers', async () => {
    const res = await addPasskey(alice, new SoftAuthenticator(), '   ');
    expect(res.statusCode).toBe(400);
    expect(codeOf(res)).toBe(ERRORS.validation_failed.code);
    expect((await inject(t.app, { url: '/api/users/passkeys' })).statusCode).toBe(401);
    expect((await inject(t.app, { method: 'POST', url: '/api/users/passkeys/register/options' })).statusCode).toBe(401);
  });

  it('refuses the same credential registered again, by the same or another user (already bound)', async () => {
    const again = await addPasskey(alice, key, 'Again');
    expect(codeOf(again)).toBe(ERRORS.passkey_already_bound.code);
    const bob = await registerByEmail(t.app, inbox);
    const stolen = await addPasskey(bob, key, 'Mine');
    expect(codeOf(stolen)).toBe(ERRORS.passkey_already_bound.code);
    expect(await list(bob.tokens)).toHaveLength(0);
  });

  it('refuses registrations from another origin or RP ID, without user verification, or for a challenge not its own', async () => {
    for (const tweaks of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { noUv: true }, { type: 'webauthn.get' }]) {
      const res = await addPasskey(alice, new SoftAuthenticator(), 'Bad', tweaks);
      expect(codeOf(res), JSON.stringify(tweaks)).toBe(ERRORS.passkey_registration_failed.code);
    }
    // Bob's registration challenge cannot register a passkey for Alice.
    const bob = await registerByEmail(t.app, inbox);
    const bobOpts = await registerOptions(bob);
    const res = await inject(t.app, { method: 'POST', url: '/api/users/passkeys/register/verify', headers: auth(alice.tokens), payload: { nickname: 'X', credential: new SoftAuthenticator().create(bobOpts) } });
    expect(codeOf(res)).toBe(ERRORS.passkey_challenge_expired.code);
    expect(await list(alice.tokens)).toHaveLength(1);
  });

  it('logs in with the passkey alone: the session of a password login, logged as login_passkey, no second step on a new device', async () => {
    const opts = await loginOptions();
    expect(opts).toMatchObject({ rpId: 'localhost', userVerification: 'required', allowCredentials: [] });
    const res = await verifyLogin(key.get(opts));
    expect(res.statusCode, res.body).toBe(200);
    const { tokens } = body<{ tokens: Tokens }>(res).data;
    expect(tokens.expires_in).toBe(alice.tokens.expires_in);
    const mine = await inject(t.app, { url: '/api/users/mine', headers: auth(tokens) });
    expect(body<{ email: string }>(mine).data.email).toBe(alice.email);
    expect(await events(tokens)).toContain('login_passkey');
    expect((await list(tokens))[0]!.last_used_at).not.toBeNull();
    // The refresh token works like the password login's.
    const refreshed = await inject(t.app, { method: 'POST', url: '/api/users/refresh/login', payload: { refresh_token: tokens.refresh_token } });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
  });

  it('spends a challenge once, within its lifetime, for its purpose', async () => {
    const opts = await loginOptions();
    const answer = key.get(opts);
    expect((await verifyLogin(answer)).statusCode).toBe(200);
    expect(codeOf(await verifyLogin(answer))).toBe(ERRORS.passkey_challenge_expired.code);
    // A second answer to the same challenge (a new signature, a higher counter) is refused too.
    expect(codeOf(await verifyLogin(key.get(opts)))).toBe(ERRORS.passkey_challenge_expired.code);

    const late = await loginOptions();
    t.clock.advance(PASSKEY_CHALLENGE_TTL_SECONDS * 1000 + 1000);
    expect(codeOf(await verifyLogin(key.get(late)))).toBe(ERRORS.passkey_challenge_expired.code);

    const registration = await registerOptions(alice);
    expect(codeOf(await verifyLogin(key.get(registration)))).toBe(ERRORS.passkey_challenge_expired.code);
    expect(codeOf(await verifyLogin(key.get(opts, { challenge: 'bm90LWEtY2hhbGxlbmdl' })))).toBe(ERRORS.passkey_challenge_expired.code);
    // A challenge not shaped like ours (a NUL byte among them) is refused the same way, unlooked-up.
    for (const challenge of ['\u0000', `${'A'.repeat(42)}\u0000`, 'A'.repeat(44)]) {
      expect(codeOf(await verifyLogin(key.get(opts, { challenge }))), JSON.stringify(challenge)).toBe(ERRORS.passkey_challenge_expired.code);
    }
  });

  it('refuses another origin, another RP ID, a missing user verification and a wrong signature type', async () => {
    for (const tweaks of [{ origin: 'https://evil.example' }, { origin: 'http://localhost:9999' }, { rpId: 'evil.example' }, { noUv: true }, { type: 'webauthn.create' }]) {
      const res = await passkeyLogin(key, tweaks);
      expect(codeOf(res), JSON.stringify(tweaks)).toBe(ERRORS.passkey_login_failed.code);
    }
    expect((await passkeyLogin(key)).statusCode).toBe(200);
  });

  it('refuses a cloned authenticator whose counter is not above the last one seen', async () => {
    expect((await passkeyLogin(key)).statusCode).toBe(200);
    const clone = key.clone(1);
    expect(codeOf(await passkeyLogin(clone))).toBe(ERRORS.passkey_login_failed.code);
    const same = key.clone(key.counter - 1); // signs exactly the last counter again
    expect(codeOf(await passkeyLogin(same))).toBe(ERRORS.passkey_login_failed.code);
    expect((await passkeyLogin(key)).statusCode).toBe(200);
  });

  it("refuses a credential presented as another user's (the user handle binds it to its owner), and unknown ones", async () => {
    const bob = await registerByEmail(t.app, inbox);
    const bobKey = new SoftAuthenticator();
    expect((await addPasskey(bob, bobKey, 'Phone')).statusCode).toBe(200);
    const res = await passkeyLogin(key, { userHandle: bobKey.userHandle! });
    expect(codeOf(res)).toBe(ERRORS.passkey_unavailable.code);
    const unknown = await passkeyLogin(new SoftAuthenticator());
    expect(codeOf(unknown)).toBe(ERRORS.passkey_unavailable.code);
  });

  it('renames a passkey of the caller only, with a nickname that is not blank', async () => {
    const [pk] = await list(alice.tokens);
    const bob = await registerByEmail(t.app, inbox);
    const put = (tokens: Tokens, nickname: string) => inject(t.app, { method: 'PUT', url: `/api/users/passkeys/${pk!.id}`, headers: auth(tokens), payload: { nickname } });
    expect(codeOf(await put(alice.tokens, ' \u3000 '))).toBe(ERRORS.validation_failed.code);
    expect(codeOf(await put(bob.tokens, 'Mine'))).toBe(ERRORS.passkey_not_found.code);
    const res = await put(alice.tokens, 'Work laptop');
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(alice.tokens))[0]!.nickname).toBe('Work laptop');
  });

  it('removes a passkey only with the second factor; the passkey then no longer logs in', async () => {
    const [pk] = await list(alice.tokens);
    const del = (tokens: Tokens, verification: Record<string, string>) =>
      inject(t.app, { method: 'POST', url: `/api/users/passkeys/${pk!.id}/delete`, headers: auth(tokens), payload: { verification } });
    expect(codeOf(await del(alice.tokens, {}))).toBe(ERRORS.second_factor_required.code);
    // A code sent for another operation (or another passkey) does not confirm this one.
    const other = await emailOperationCode(t, inbox, alice, 'passkey_delete', '00000000-0000-4000-8000-000000000000');
    expect(codeOf(await del(alice.tokens, { email_code: other }))).not.toBe(0);
    const bob = await registerByEmail(t.app, inbox);
    expect(codeOf(await inject(t.app, { method: 'POST', url: `/api/users/passkeys/${pk!.id}/delete`, headers: auth(bob.tokens), payload: { verification: {} } }))).toBe(ERRORS.passkey_not_found.code);

    const code = await emailOperationCode(t, inbox, alice, 'passkey_delete', pk!.id);
    const res = await del(alice.tokens, { email_code: code });
    expect(res.statusCode, res.body).toBe(200);
    expect(await list(alice.tokens)).toHaveLength(0);
    expect(await events(alice.tokens)).toContain('passkey_delete');
    expect(codeOf(await passkeyLogin(key))).toBe(ERRORS.passkey_unavailable.code);
  });
});

describe('the passkey limit', () => {
  it(`keeps the limit of ${PASSKEY_MAX_PER_USER} when registrations arrive at once`, async () => {
    const carol = await registerByEmail(t.app, inbox);
    // One short of the limit (stored directly: registering 19 through the API only takes longer).
    await t.database.db.execute(sql`
      insert into passkeys (user_id, credential_id, public_key, device_type, backed_up, aaguid, nickname, created_at)
      select u.id, 'seeded-' || u.id || '-' || n, 'AA', 'singleDevice', false, '00000000-0000-0000-0000-000000000000', 'Seeded ' || n, now()
      from users u, generate_series(1, ${PASSKEY_MAX_PER_USER - 1}) n where u.email = ${carol.email}`);
    const keys = [new SoftAuthenticator(), new SoftAuthenticator(), new SoftAuthenticator()];
    const credentials = [];
    for (const k of keys) credentials.push(k.create(await registerOptions(carol)));
    const answers = await Promise.all(
      credentials.map((credential, i) => inject(t.app, { method: 'POST', url: '/api/users/passkeys/register/verify', headers: auth(carol.tokens), payload: { nickname: `Race ${i}`, credential } })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of answers.filter((a) => a.statusCode !== 200)) expect(codeOf(r)).toBe(ERRORS.passkey_limit.code);
    expect(await list(carol.tokens)).toHaveLength(PASSKEY_MAX_PER_USER);
  });
});
