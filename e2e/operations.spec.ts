// The operators' area in the browser: an operator finds a user, resets their
// authenticator (reason required), suspends BTC withdrawals in the coin settings, and the user's
// withdraw button says so; the screens in light and dark themes, in Chinese and on a phone.
import type { Browser, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { enableTotp, expect, fillLogin, logInAsOperator, registerByEmail, saveScreenshot, test, uniqueEmail } from './accounts-helpers';

/** The operator in a browser (and client address) of their own. */
async function operatorPage(browser: Browser): Promise<Page> {
  const [a, b] = randomBytes(2);
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `10.252.${a}.${(b! % 250) + 2}` } });
  const page = await context.newPage();
  await logInAsOperator(page);
  return page;
}

/** Opens or suspends BTC withdrawals from the coin settings tab. */
async function setBtcWithdrawals(admin: Page, open: boolean): Promise<void> {
  await admin.goto('/admin/coins');
  await admin.getByRole('button', { name: 'Edit the settings of BTC' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Settings of BTC' });
  const toggle = dialog.getByRole('switch', { name: 'Withdrawals' });
  if ((await toggle.getAttribute('aria-checked')) !== String(open)) await toggle.click();
  await dialog.getByLabel('Reason').fill(open ? 'e2e: node back' : 'e2e: node maintenance');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Saved. The next withdrawal uses the new settings.')).toBeVisible();
}

test('an operator resets a user\'s authenticator and suspends BTC withdrawals; the user sees it', async ({ page, browser }) => {
  // Two people's sign-ups, an authenticator and two logins: 72 s on a quiet machine, so the default
  // 90 s left no room on a loaded CI run.
  test.setTimeout(180_000);
  const email = uniqueEmail('ops');
  await registerByEmail(page, email);
  await enableTotp(page, email);

  const admin = await operatorPage(browser);
  await admin.goto('/admin/users');
  await expect(admin.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await admin.getByRole('searchbox', { name: 'Email, phone, sub-account or withdraw address' }).fill(email);
  await admin.getByRole('button', { name: 'Find' }).click();
  await admin.getByRole('button', { name: `Open the user ${email}` }).click();
  await expect(admin.getByRole('heading', { name: email })).toBeVisible();
  await expect(admin.getByText('Authenticator on')).toBeVisible();
  await saveScreenshot(admin, 'operations-user-light');
  // Crossing the phone breakpoint and back keeps the open user (the layout used to remount the page
  // there; Chromium's full-page screenshot does it too, shrinking the window to 1 px for a moment).
  await admin.setViewportSize({ width: 390, height: 800 });
  await expect(admin.getByTestId('admin-menu-select')).toBeVisible();
  await expect(admin.getByRole('heading', { name: email })).toBeVisible();
  await admin.setViewportSize({ width: 1280, height: 720 });
  await expect(admin.getByTestId('admin-menu')).toBeVisible();
  await expect(admin.getByRole('heading', { name: email })).toBeVisible();

  await admin.getByRole('button', { name: 'Reset authenticator' }).click();
  const reset = admin.getByRole('dialog', { name: `Reset the authenticator of ${email}` });
  await reset.getByRole('button', { name: 'Reset authenticator' }).click();
  await expect(reset.getByText('Please give a reason.')).toBeVisible(); // the reason is required
  await reset.getByLabel('Reason').fill('e2e: identity checked on a call');
  await reset.getByRole('button', { name: 'Reset authenticator' }).click();
  await expect(admin.getByText('Done. The change is in the audit log.')).toBeVisible();
  await expect(admin.getByText('No authenticator')).toBeVisible();
  await expect(admin.getByText('Withdrawals held until')).toBeVisible();

  await setBtcWithdrawals(admin, false);
  await expect(admin.getByTestId('coin-settings').or(admin.getByRole('table', { name: 'Coin settings' }))).toContainText('Suspended');
  await saveScreenshot(admin, 'operations-coins-light');

  try {
    // The reset ended the user's sessions: the next page they open sends them to log in again
    // (now without the authenticator), and back to that page.
    await page.goto('/asset/index');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await fillLogin(page, email);
    await expect(page).toHaveURL('/asset/index');
    // The user holds nothing: the coins without a balance wait behind their switch.
    await expect(page.getByText('This sub-account holds no coins yet.', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: /^Show the coins without a balance \(\d+\)$/ }).click();
    const btc = page.getByRole('row').filter({ hasText: 'Bitcoin' });
    await expect(btc.getByRole('button', { name: 'Withdraw BTC' })).toBeDisabled();
    await expect(btc.getByRole('button', { name: 'Withdraw BTC' })).toHaveText('Withdrawals suspended');
    await saveScreenshot(page, 'operations-user-withdraw-suspended');
  } finally {
    await setBtcWithdrawals(admin, true);
  }
});

test('the operators\' new tabs in the dark theme and in Chinese', async ({ browser }) => {
  const admin = await operatorPage(browser);
  await admin.evaluate(() => localStorage.setItem('theme', 'dark'));
  await admin.goto('/admin/approvals');
  // What waits there depends on the tests running beside this one (the wallet's withdrawal parts).
  await expect(admin.getByText("Above a coin's four-eyes threshold an adjustment or a withdrawal approval waits here")).toBeVisible();
  await saveScreenshot(admin, 'operations-approvals-dark');
  await admin.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  await admin.goto('/admin/coins');
  await expect(admin.getByRole('heading', { name: '币种设置', level: 1 })).toBeVisible();
  await expect(admin.getByText('开放').first()).toBeVisible();
  await saveScreenshot(admin, 'operations-coins-dark-zh');
});

test('an admin edits the site parameters: a wrong value is refused in words, an empty download page leaves only the website', async ({ browser }) => {
  const admin = await operatorPage(browser);
  const downloadUrl = 'https://apps.example.com/e2e';
  const setParameter = async (name: string, value: string) => {
    await admin.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Change: ${name}` });
    await dialog.getByLabel(name).fill(value);
    await dialog.getByLabel('Reason').fill('e2e: site parameters');
    await dialog.getByRole('button', { name: 'Save' }).click();
    return dialog;
  };
  await admin.goto('/admin/parameters');
  const table = admin.getByTestId('site-parameter').or(admin.getByRole('table', { name: 'Site parameters' }));
  await expect(table).toContainText('Support email');
  // Refused next to the field, nothing sent.
  const dialog = await setParameter('Support email', 'not-an-email');
  await expect(dialog.getByText('Please enter a correct email address.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  try {
    await setParameter('App download page', downloadUrl);
    await expect(admin.getByText('Saved. Pages show the new value from their next load.')).toBeVisible();
    await expect(table).toContainText(downloadUrl);
    await admin.goto('/download');
    await expect(admin.getByRole('link', { name: 'Open the download page' })).toHaveAttribute('href', downloadUrl);
    await admin.goto('/admin/parameters');
    await setParameter('App download page', '');
    await expect(table).toContainText('(empty)');
    await admin.goto('/download');
    await expect(admin.getByText('Open it in your phone\'s browser')).toBeVisible();
    await expect(admin.getByRole('link', { name: 'Open the download page' })).toHaveCount(0);
    await admin.evaluate(() => { localStorage.setItem('language', 'zh-CN'); localStorage.setItem('theme', 'dark'); });
    await admin.goto('/admin/parameters');
    await expect(admin.getByRole('heading', { name: '站点参数', level: 1 })).toBeVisible();
    await saveScreenshot(admin, 'operations-parameters-dark-zh');
  } finally {
    // The seeded page again, for the download page's own test.
    await admin.evaluate(() => localStorage.setItem('language', 'en'));
    await admin.goto('/admin/parameters');
    await setParameter('App download page', 'https://github.com/hashpool/hashpool/releases/latest');
    await expect(admin.getByText('Saved. Pages show the new value from their next load.')).toBeVisible();
  }
});

test('an admin opens the coin list: a wrong stratum address is refused in words; a coin hidden and listed again', async ({ browser }) => {
  const admin = await operatorPage(browser);
  await admin.goto('/admin/coin-list');
  const table = admin.getByTestId('coin-list').or(admin.getByRole('table', { name: 'Coin list' }));
  await expect(table).toContainText('Scrypt');
  const edit = async () => {
    await admin.getByRole('button', { name: 'Edit the listing of DOGE' }).click();
    return admin.getByRole('dialog', { name: 'Listing of DOGE' });
  };
  let dialog = await edit();
  await dialog.getByLabel('Stratum address').fill('http://doge.example.com');
  await dialog.getByLabel('Reason').fill('e2e: coin list');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This value is not valid.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // Hidden: the pools list leaves it out; listed again: it is back.
  const hide = async (hidden: boolean) => {
    dialog = await edit();
    const toggle = dialog.getByRole('switch', { name: 'On the site' });
    if ((await toggle.getAttribute('aria-checked')) !== String(!hidden)) await toggle.click();
    await dialog.getByLabel('Reason').fill('e2e: coin list');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Saved. Pages show the change from their next load.')).toBeVisible();
  };
  try {
    await hide(true);
    await expect(table.getByText('Hidden')).toHaveCount(1);
    const pools = await admin.request.get('/api/pools');
    expect(((await pools.json()) as { data: Array<{ coin: string }> }).data.map((p) => p.coin)).not.toContain('doge');
  } finally {
    await hide(false);
  }
  await expect(table.getByText('Hidden')).toHaveCount(0);
});

test('a finance operator sees exactly its pages in the side menu and reviews contract payments and loans', async ({ browser, page }) => {
  test.setTimeout(180_000);
  // A new user, made a finance operator by the admin (audited, with a reason).
  const { email } = await registerByEmail(page);
  const admin = await operatorPage(browser);
  await admin.goto('/admin/users');
  await admin.getByRole('searchbox', { name: 'Email, phone, sub-account or withdraw address' }).fill(email);
  await admin.getByRole('button', { name: 'Find' }).click();
  await admin.getByRole('button', { name: `Open the user ${email}` }).click();
  await admin.getByRole('button', { name: 'Operator roles' }).click();
  const roles = admin.getByRole('dialog');
  await roles.getByRole('checkbox', { name: 'Finance' }).check();
  await roles.getByLabel('Reason').fill('e2e: finance pages');
  await roles.getByRole('button', { name: 'Save roles' }).click();
  await expect(admin.getByText('Done. The change is in the audit log.')).toBeVisible();

  // The old address of the area sends them to their first page.
  await page.goto('/admin/wallet');
  await expect(page).toHaveURL('/admin/review');
  const menu = page.getByRole('navigation', { name: 'Operations pages' });
  await expect(menu.getByRole('link')).toHaveText([
    'Review queue', 'Contract payments', 'Loan approvals', 'Ledger', 'Adjustment', 'Reconciliation', 'Audit log', 'Prices', 'Held blocks', 'Users', 'Approvals',
  ]);
  await menu.getByRole('link', { name: 'Contract payments' }).click();
  await expect(page).toHaveURL('/admin/contract-payments');
  await expect(page.getByRole('heading', { name: 'Contract payments', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toBeVisible();
  await expect(page.getByText(/could not be loaded|not allowed/i)).toHaveCount(0);
  await saveScreenshot(page, 'operations-finance-contract-payments');
  await menu.getByRole('link', { name: 'Loan approvals' }).click();
  await expect(page.getByRole('heading', { name: 'Loan approvals', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Loans' }).or(page.getByText('No loans'))).toBeVisible();
  // An admin-only page is not theirs: the guard sends them home.
  await page.goto('/admin/contracts');
  await expect(page).toHaveURL('/');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the users tab fits the screen', async ({ page }) => {
    await logInAsOperator(page);
    await page.goto('/admin/users');
    await page.getByRole('searchbox', { name: 'Email, phone, sub-account or withdraw address' }).fill('example.com');
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByTestId('admin-user').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'operations-users-phone');
  });
});
