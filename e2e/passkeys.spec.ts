// Passkeys end to end in Chromium with the DevTools virtual authenticator (CTAP2,
// resident keys, user verification): register one in the settings, log out, log in with the passkey
// alone (after a refused user verification says "Verification Failed" and tries again), rename it; a cloned credential with a lower signature counter is refused; delete it with
// the second factor, after which the login refuses it. Screenshots in the dark theme, at phone
// width and in another language; the login button in all five languages.
import type { CDPSession, Page } from '@playwright/test';
import { codeFromMail, expect, fillLogin, logOut, registerByEmail, saveScreenshot, test } from './accounts-helpers';
import { E2E_CODE_RESEND_SECONDS } from '../playwright.config';

interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId: string;
  privateKey: string;
  userHandle: string;
  signCount: number;
}

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

/** The login screen's passkey sign-in: the button asks the server for options, then the authenticator. */
async function passkeyLogin(page: Page) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
}

const LOGIN_BUTTON = { en: 'Sign in with a passkey', 'zh-CN': '使用通行密钥登录', 'ru-RU': 'Войти с ключом доступа', ja: 'パスキーでログイン', ko: '패스키로 로그인' };

test('the login screen asks for passkey options only when the user chooses a passkey, and says nothing on load', async ({ page }) => {
  let asked = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/users/passkeys/login/options')) asked++;
  });
  // More loads than the options' limit (20 a minute per address) allows requests.
  for (let i = 0; i < 22; i++) {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  }
  await expect(page.getByTestId('passkey-login').getByRole('alert')).toHaveCount(0);
  expect(asked).toBe(0);
  await virtualAuthenticator(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect.poll(() => asked).toBe(1);
});

test('passkey: register, log in with it alone, rename, clone refused, delete, then refused', async ({ page }) => {
  // Registration, three logins, two emailed codes and five languages on a shared CI machine.
  test.setTimeout(150_000);
  const { email } = await registerByEmail(page);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  // Register.
  await page.goto('/user/setting');
  const panel = page.getByTestId('passkeys-panel');
  await expect(panel.getByText('No passkeys yet.')).toBeVisible();
  await panel.getByRole('button', { name: 'Add a passkey' }).click();
  const add = page.getByRole('dialog', { name: 'Add a passkey' });
  await add.getByLabel('Nickname').fill('   ');
  await add.getByRole('button', { name: 'Continue' }).click();
  await expect(add.getByText('The nickname cannot be blank.')).toBeVisible();
  await add.getByLabel('Nickname').fill('Laptop');
  // Adding a way to sign in takes the second factor, as removing one does.
  const addSince = Date.now();
  await add.getByRole('button', { name: 'Send code' }).click();
  await add.getByLabel('Email verification code').fill(await codeFromMail(email, addSince));
  await add.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();
  await expect(panel.getByTestId('passkey-nickname')).toHaveText('Laptop');
  const [registered] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials as VirtualCredential[];
  expect(registered?.isResidentCredential).toBe(true);

  // The authenticator cannot verify the user: "Verification Failed", with try again.
  await logOut(page);
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
  await passkeyLogin(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Verification Failed' })).toBeVisible();
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });

  // Try again: logged in with the passkey only (no email, no password, no code).
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();

  // Rename (last used is set now).
  await page.goto('/user/setting');
  await expect(panel.getByTestId('passkey-nickname')).toHaveText('Laptop');
  await expect(panel.getByText('Never')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename passkey' });
  await rename.getByLabel('Nickname').fill('Work laptop');
  await rename.getByRole('button', { name: 'Confirm' }).click();
  await expect(panel.getByTestId('passkey-nickname')).toHaveText('Work laptop');
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(panel.getByTestId('passkey-nickname')).toHaveText('Work laptop');
  await saveScreenshot(page, 'passkeys-settings-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('passkey-card')).toBeVisible();
  await saveScreenshot(page, 'passkeys-settings-dark-phone');
  await page.setViewportSize({ width: 1280, height: 720 });

  // A clone of the credential whose counter is behind the server's: refused.
  const [used] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials as VirtualCredential[];
  expect(used!.signCount).toBeGreaterThan(1);
  await cdp.send('WebAuthn.removeCredential', { authenticatorId, credentialId: used!.credentialId });
  await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: { ...used!, signCount: 0 } });
  await logOut(page);
  await passkeyLogin(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Passkey login failed.' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await saveScreenshot(page, 'passkeys-login-failed-dark');
  // Out of the authenticator for now.
  await cdp.send('WebAuthn.removeCredential', { authenticatorId, credentialId: used!.credentialId });

  // Delete needs the second factor (the emailed code here); the password login gets back in.
  await page.goto('/login');
  await fillLogin(page, email);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
  await page.goto('/user/setting');
  await panel.getByRole('button', { name: 'Delete' }).click();
  const del = page.getByRole('dialog', { name: 'Delete passkey' });
  // The next security code to the same address waits out the resend timer from the one that added the passkey.
  await page.waitForTimeout(Math.max(0, addSince + (E2E_CODE_RESEND_SECONDS + 1) * 1000 - Date.now()));
  const since = Date.now();
  await del.getByRole('button', { name: 'Send code' }).click();
  await del.getByLabel('Email verification code').fill(await codeFromMail(email, since));
  await del.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Passkey deleted')).toBeVisible();
  await expect(panel.getByText('No passkeys yet.')).toBeVisible();

  // The authenticator holds the credential again, its counter ahead of the server's: refused now.
  await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: { ...used!, signCount: used!.signCount + 10 } });
  await logOut(page);
  await passkeyLogin(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Unable to sign in with passkey, please use your password.' })).toBeVisible();

  // The button in the five languages; a screenshot in Russian (light theme).
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  for (const [lang, name] of Object.entries(LOGIN_BUTTON)) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await page.reload();
    await expect(page.getByRole('button', { name })).toBeVisible();
    if (lang === 'ru-RU') await saveScreenshot(page, 'passkeys-login-ru');
  }
  await page.evaluate(() => localStorage.setItem('language', 'en'));
});

test.describe('in a WeChat browser', () => {
  test.use({ userAgent: 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64' });
  test('passkey: never offered', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('Passkeys are not supported by this browser or device.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
  });
});

test('passkey: not offered without WebAuthn support', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'PublicKeyCredential', { value: undefined, configurable: true });
  });
  await page.goto('/login');
  await expect(page.getByText('Passkeys are not supported by this browser or device.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
});
