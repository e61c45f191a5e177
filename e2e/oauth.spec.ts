// OAuth / OpenID Connect with a client no one here wrote: openid-client in the test
// process runs discovery, builds the authorization URL with PKCE, and exchanges the code; the
// browser does what a person does: the operator registers the application (the secret shown
// once), the user consents on /login/oauth/authorize choosing a sub-account (none chosen is
// refused), the redirect to the application's callback is caught, userinfo and refresh work, and
// revoking the application in the user centre ends its tokens.
import * as oidc from 'openid-client';
import { randomBytes } from 'node:crypto';
import { expect, registerByEmail, saveScreenshot, test } from './accounts-helpers';
import { operator } from './login-helpers';

const CALLBACK = 'http://127.0.0.1:65001/callback';

/** The operator registers an application with CALLBACK; its id and secret. */
async function registerApplication(browser: Parameters<typeof operator>[0], name: string) {
  const admin = await operator(browser);
  await admin.goto('/admin/oauth');
  await admin.getByRole('button', { name: 'Register application' }).click();
  const form = admin.getByRole('dialog', { name: 'Register application' });
  await form.getByLabel('Name shown to users').fill(name);
  await form.getByLabel('Redirect URIs').fill(CALLBACK);
  await form.getByRole('button', { name: 'Save' }).click();
  const shown = admin.getByRole('dialog', { name: `${name} is registered` });
  await expect(shown).toBeVisible();
  const clientId = (await shown.getByLabel('Client ID', { exact: true }).textContent())!.trim();
  const secret = (await shown.getByLabel('Client secret', { exact: true }).textContent())!.trim();
  return { admin, shown, clientId, secret };
}

test('an application registered by the operator gets read access to the sub-account the user chose, until the user revokes it', async ({ page, browser, baseURL }) => {
  // The operator registers the application; its secret is shown this once.
  const name = `Rig Monitor ${randomBytes(2).toString('hex')}`;
  const { admin, shown, clientId, secret } = await registerApplication(browser, name);
  await saveScreenshot(admin, 'oauth-admin-secret');
  await shown.getByRole('button', { name: 'I have saved it' }).click();
  await expect(admin.getByText(name)).toBeVisible();
  await admin.context().close();

  // The application discovers the provider and sends the user to authorize it.
  const config = await oidc.discovery(new URL('/api/oidc', baseURL), clientId, undefined, oidc.ClientSecretBasic(secret), { execute: [oidc.allowInsecureRequests] });
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const authorizeUrl = oidc.buildAuthorizationUrl(config, { redirect_uri: CALLBACK, scope: 'openid profile email mining transactions', code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state });

  const user = await registerByEmail(page);
  let callback: URL | null = null;
  await page.route(`${CALLBACK}**`, async (route) => {
    callback = new URL(route.request().url());
    await route.fulfill({ contentType: 'text/plain', body: 'callback reached' });
  });
  await page.goto(authorizeUrl.href);
  await expect(page).toHaveURL(/\/login\/oauth\/authorize\?uid=/);
  await expect(page.getByTestId('consent-title')).toHaveText(`${name} wants to access your account`);
  await expect(page.getByTestId('scope-mining')).toContainText('User flow');
  await expect(page.getByTestId('scope-transactions')).toContainText('Transaction information');

  // The consent screen in Chinese and the dark theme, then back.
  await page.evaluate(() => {
    localStorage.setItem('language', 'zh-CN');
    localStorage.setItem('theme', 'dark');
  });
  await page.reload();
  await expect(page.getByTestId('consent-title')).toHaveText(`${name} 请求访问您的账户`);
  await saveScreenshot(page, 'oauth-consent-dark-zh');
  await page.evaluate(() => {
    localStorage.setItem('language', 'en');
    localStorage.setItem('theme', 'light');
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('consent-title')).toBeVisible();

  // No account chosen: refused, in words.
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page.getByRole('alert')).toHaveText('At least one account must be selected.');
  await saveScreenshot(page, 'oauth-consent-phone');
  await page.getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect.poll(() => callback?.searchParams.get('code') ?? null).not.toBeNull();

  const tokens = await oidc.authorizationCodeGrant(config, callback!, { pkceCodeVerifier: verifier, expectedState: state });
  const info = await oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub);
  expect(info.email).toBe(user.email);
  const granted = (await (await fetch(new URL('/api/oauth/accounts', baseURL), { headers: { authorization: `Bearer ${tokens.access_token}` } })).json()) as { data: { accounts: unknown[] } };
  expect(granted.data.accounts).toHaveLength(1);
  const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);

  // The user revokes it in the user centre: refresh and userinfo stop.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/user/authredirect');
  await expect(page.getByTestId('authorized-app').or(page.getByRole('row', { name: new RegExp(name) })).first()).toBeVisible();
  await saveScreenshot(page, 'oauth-authorized-apps');
  await page.getByTestId(`revoke-${name}`).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('You have not authorized any application.')).toBeVisible();
  await expect(oidc.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  await expect(oidc.fetchUserInfo(config, refreshed.access_token, oidc.skipSubjectCheck)).rejects.toBeTruthy();
});

test('with response_mode=form_post the browser posts the code to the application (the page’s policy allows it)', async ({ page, browser, baseURL }) => {
  const name = `Form Post ${randomBytes(2).toString('hex')}`;
  const { admin, clientId, secret } = await registerApplication(browser, name);
  await admin.context().close();
  const config = await oidc.discovery(new URL('/api/oidc', baseURL), clientId, undefined, oidc.ClientSecretBasic(secret), { execute: [oidc.allowInsecureRequests] });
  expect(config.serverMetadata().response_modes_supported).toContain('form_post');
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const authorizeUrl = oidc.buildAuthorizationUrl(config, { redirect_uri: CALLBACK, response_mode: 'form_post', scope: 'openid', code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state });
  await registerByEmail(page);
  let posted: URLSearchParams | null = null;
  await page.route(`${CALLBACK}**`, async (route) => {
    if (route.request().method() === 'POST') posted = new URLSearchParams(route.request().postData() ?? '');
    await route.fulfill({ contentType: 'text/plain', body: 'callback reached' });
  });
  await page.goto(authorizeUrl.href);
  await expect(page.getByTestId('consent-title')).toBeVisible();
  await page.getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page.getByText('callback reached')).toBeVisible();
  expect(posted!.get('state')).toBe(state);
  expect(posted!.get('code')).toBeTruthy();
});

test('a redirect address that is not registered is never followed: /authredirect says why', async ({ page }) => {
  await page.goto(`/api/oidc/auth?${new URLSearchParams({ client_id: 'hp_unknown_client_0000', redirect_uri: 'https://evil.example.com/cb', response_type: 'code', scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })}`);
  await expect(page).toHaveURL(/\/authredirect\?error=invalid_client/);
  await expect(page.getByText('This application is unknown or no longer enabled on this pool.')).toBeVisible();
});
