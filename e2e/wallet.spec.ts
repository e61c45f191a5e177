// The wallet in the browser: the demo farm's balance from its settled demo
// earnings, its transactions and a fund detail; a new user who gets a balance from an operator's
// adjustment, adds a withdraw address and withdraws with pay password and authenticator; an
// operator who approves a large withdrawal; the admin area's other tabs; and the screens in the
// dark theme, on a phone and in Chinese. Each test acts as its own client (accounts-helpers.ts).
// docs/security.md items exercised here: 10 (codes bound to the operation), 16 (second factor),
// 29 (idempotency key on money movements, sent by the dialogs).
import type { Locator, Page } from '@playwright/test';
import { accountButton, codeAfterStep, codeFromMail, enableTotp, expect, registerByEmail, saveScreenshot, test } from './accounts-helpers';
import { chooseOption } from './helpers';
import { E2E_SECOND_OPERATOR_EMAIL } from '../playwright.config';
import { logIn, operator } from './login-helpers';
import { credit, demoEarnings, subAccountName } from './wallet-helpers';

const DEMO_EMAIL = 'demo@hashpool.example';
const DEMO_PASSWORD = 'hashpool-demo';
/** A valid Bitcoin address (the genesis block's), accepted by the server's checksum check. */
const BTC_ADDRESS = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';

/** A dialog's width once its opening animation is over (docs/rules.md, Limits and constants: 560 or 350 px). */
async function dialogWidth(dialog: Locator): Promise<number | undefined> {
  return (await dialog.boundingBox())?.width;
}

/** Sets the pay password from the settings page, confirmed with the authenticator. */
async function setPayPassword(page: Page, payPassword: string, totpCode: string): Promise<void> {
  await page.goto('/user/setting');
  await page.getByRole('button', { name: 'Set', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Set the pay password' });
  await dialog.getByLabel('Pay password (6 digits)').fill(payPassword);
  await dialog.getByLabel('Confirm pay password').fill(payPassword);
  await dialog.getByLabel('Authenticator code').fill(totpCode);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your pay password has been saved.')).toBeVisible();
}

function balanceRow(page: Page, symbol: string) {
  return page.getByRole('table', { name: 'Balances' }).getByRole('row').filter({ has: page.getByText(symbol, { exact: true }) });
}

test('the demo farm: balance from the settled demo earnings, transactions and a fund detail', async ({ page }) => {
  expect(await logIn(page, DEMO_EMAIL, DEMO_PASSWORD)).toBe(true);
  const { balance: demoBtc, newest } = await demoEarnings(page);
  await page.goto('/asset/index');
  await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
  await expect(page.getByText('Sub-account demofarm01')).toBeVisible();
  const btc = balanceRow(page, 'BTC');
  await expect(btc).toContainText(demoBtc);
  await saveScreenshot(page, 'wallet-assets-light');

  // The two switches are remembered under the keys of docs/rules.md, Entities.
  await page.getByRole('switch', { name: 'Hide small balances' }).click();
  await expect(page.getByRole('table', { name: 'Balances' }).getByRole('row')).toHaveCount(2); // header + BTC
  expect(await page.evaluate(() => localStorage.getItem('hide_wallet'))).toBe('1');
  await page.getByRole('button', { name: 'Hide amounts' }).click();
  await expect(btc).toContainText('****');
  await expect(btc).not.toContainText(demoBtc);
  expect(await page.evaluate(() => localStorage.getItem('hide_amount'))).toBe('1');
  await page.reload();
  await expect(balanceRow(page, 'BTC')).toContainText('****');
  await page.getByRole('button', { name: 'Show amounts' }).click();
  await page.getByRole('switch', { name: 'Hide small balances' }).click();
  await expect(balanceRow(page, 'BTC')).toContainText(demoBtc);
  // The coins holding nothing wait behind their own switch, below the others.
  const balanceRows = page.getByRole('table', { name: 'Balances' }).getByRole('row');
  const held = await balanceRows.count();
  await page.getByRole('button', { name: /^Show the coins without a balance \(\d+\)$/ }).click();
  await expect.poll(() => balanceRows.count()).toBeGreaterThan(held);
  await page.getByRole('button', { name: 'Hide the coins without a balance' }).click();
  await expect(balanceRows).toHaveCount(held);

  // Deposit: the sub-account's own address as text and QR code.
  await page.getByRole('button', { name: 'Deposit BTC' }).click();
  const deposit = page.getByRole('dialog', { name: 'Deposit BTC' });
  await expect(deposit.locator('.ant-qrcode')).toBeVisible();
  await expect(deposit.getByTestId('deposit-address')).toContainText(/^simbtc1[0-9a-f]{40}/);
  await expect(deposit).toContainText('confirmations needed: 1');
  await expect.poll(() => dialogWidth(deposit)).toBe(350);
  await saveScreenshot(page, 'wallet-deposit');
  await deposit.getByRole('button', { name: 'Done' }).click();

  // The demo user cannot set a pay password, so it is told plainly that it cannot withdraw
  // (not "Set a pay password first", which would send it to settings that refuse).
  await page.getByRole('button', { name: 'Withdraw BTC' }).click();
  const demoOnly = page.getByRole('dialog', { name: 'The demo account cannot withdraw' });
  await expect(demoOnly).toContainText('it cannot withdraw or transfer coins');
  await expect(page.getByRole('dialog', { name: 'Set a pay password first' })).toHaveCount(0);
  await saveScreenshot(page, 'wallet-demo-cannot-withdraw');
  await demoOnly.getByRole('button', { name: 'Got it' }).click();
  await expect(demoOnly).toBeHidden();

  // Seven days of mining profit, newest first; one opens as a fund detail.
  await page.getByRole('link', { name: 'Transactions' }).click();
  await expect(page).toHaveURL('/asset/transaction');
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(table.getByRole('row')).toHaveCount(8);
  await expect(table.getByRole('row').nth(1)).toContainText('Mining profit');
  await expect(table.getByRole('row').nth(1)).toContainText(`+${newest}`);
  await expect(table.getByRole('columnheader', { name: 'Time (UTC+00:00)' })).toBeVisible();

  // Filters go into the address; a type without postings shows the filtered empty state.
  await chooseOption(page, page, 'Type', /^Withdrawal$/, 'Withdrawal');
  await expect(page).toHaveURL('/asset/transaction?type=withdraw');
  await expect(page.getByText('No transactions match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(table.getByRole('row')).toHaveCount(8);
  await saveScreenshot(page, 'wallet-transactions');

  await table.getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/fund\/\d+$/);
  const detail = page.getByTestId('fund-detail');
  await expect(detail).toContainText('Mining profit');
  await expect(detail).toContainText(`+${newest} BTC`);
  await expect(detail).toContainText('Completed');
  await page.getByRole('button', { name: 'Back to transactions' }).click();
  await expect(page).toHaveURL('/asset/transaction');
});

test('a new user gets a balance, adds an address and withdraws with pay password and authenticator; an operator approves a large withdrawal', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const { email } = await registerByEmail(page);
  const account = await subAccountName(page);
  // Only operators see the admin area: the menu has no item for this user and the route sends home.
  await accountButton(page).click();
  await expect(page.getByRole('menuitemradio', { name: 'Account settings' })).toBeVisible();
  await expect(page.getByRole('menuitemradio', { name: 'Admin' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admin/wallet');
  await expect(page).toHaveURL('/');

  // An operator credits the new sub-account.
  const admin = await operator(browser);
  // 12 BTC in two adjustments, each below BTC's four-eyes threshold (10): the second operator
  // comes in for the withdrawal below, whose request is above it.
  await credit(admin, account, '10');
  await credit(admin, account, '2');

  // The authenticator first (a code mailed for it), then everything else is confirmed with it;
  // each of its codes works once, so every use takes the next step's (codeAfterStep).
  const { totp, step: bound } = await enableTotp(page, email);
  let step = bound;
  const nextCode = async () => {
    const next = await codeAfterStep(totp, step);
    step = next.step;
    return next.code;
  };
  /** The last code again, after a refusal that did not use it. */
  const sameOrLaterCode = () => totp.generate({ timestamp: step * 30_000 });
  await setPayPassword(page, '246810', await nextCode());

  await page.goto('/asset/index');
  await expect(balanceRow(page, 'BTC')).toContainText('12.000000');

  // A withdraw address, confirmed with the authenticator.
  await page.getByRole('tab', { name: 'Withdraw addresses' }).click();
  await expect(page).toHaveURL('/asset/index?tab=addresses');
  await page.getByRole('button', { name: 'Add address' }).click();
  const add = page.getByRole('dialog', { name: 'Add a withdraw address' });
  await chooseOption(page, add, 'Coin', /^BTC · Bitcoin$/, 'BTC');
  await add.getByLabel('Name', { exact: true }).fill('Cold storage');
  // A mistyped address is refused next to it (before the code is checked, so the code stays unused).
  await add.getByLabel('Address', { exact: true }).fill(BTC_ADDRESS.slice(0, -1) + 'b');
  await add.getByLabel('Authenticator code').fill(await nextCode());
  await add.getByRole('button', { name: 'Add address' }).click();
  await expect(add.getByText('The address is wrong.')).toBeVisible();
  await add.getByLabel('Address', { exact: true }).fill(BTC_ADDRESS);
  await add.getByLabel('Authenticator code').fill(sameOrLaterCode());
  await add.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByText('The address was added.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Withdraw addresses' })).toContainText('Cold storage');

  // Automatic payout to that address above a threshold (no lower than the minimum withdrawal);
  // 1000 BTC is never reached here, so the daily payout run leaves this balance alone.
  await page.getByRole('tab', { name: 'Automatic payout' }).click();
  await page.getByRole('button', { name: 'Set up automatic payout' }).click();
  const payout = page.getByRole('dialog', { name: 'Automatic payout' });
  await chooseOption(page, payout, 'Coin', /^BTC$/, 'BTC');
  await chooseOption(page, payout, 'Withdraw address', /^Cold storage · /);
  await payout.getByLabel('Threshold').fill('0.0005');
  await payout.getByRole('button', { name: 'Save' }).click();
  await expect(payout.getByText('The minimum is 0.001000.')).toBeVisible();
  await payout.getByLabel('Threshold').fill('1000');
  await payout.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Automatic payout saved.')).toBeVisible();
  const payoutRow = page.getByRole('table', { name: 'Automatic payout' }).getByRole('row').nth(1);
  await expect(payoutRow).toContainText('Cold storage');
  await expect(payoutRow).toContainText('1,000.000000 BTC');
  await expect(payoutRow).toContainText('On');

  // A transfer (a 350 px dialog) to the user's own sub-account is refused at the receiver's name.
  await page.getByRole('button', { name: 'Transfer BTC' }).click();
  const transfer = page.getByRole('dialog', { name: 'Transfer BTC' });
  await expect.poll(() => dialogWidth(transfer)).toBe(350);
  await transfer.getByLabel('To sub-account').fill(account);
  await transfer.getByLabel('Amount').fill('1');
  await transfer.getByLabel('Pay password').fill('246810');
  await transfer.getByLabel('Authenticator code').fill(totp.generate());
  await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(transfer.getByText('You cannot transfer to the same sub-account.')).toBeVisible();
  await transfer.getByRole('button', { name: 'Cancel' }).click();

  // Withdraw 0.5 BTC: the quote shows fee and what arrives before anything is confirmed.
  await page.getByRole('button', { name: 'Withdraw BTC' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw BTC' });
  await expect.poll(() => dialogWidth(withdraw)).toBe(560);
  await expect(withdraw.getByLabel('Withdraw address')).toBeVisible();
  await withdraw.getByLabel('Amount').fill('20');
  await withdraw.getByRole('button', { name: 'Next' }).click();
  await expect(withdraw.getByText('That is more than the available 12.000000.')).toBeVisible();
  await withdraw.getByLabel('Amount').fill('0.5');
  await withdraw.getByRole('button', { name: 'Next' }).click();
  const summary = withdraw.getByTestId('withdraw-summary');
  await expect(summary).toContainText('Cold storage');
  await expect(summary).toContainText('0.000200 BTC'); // fee
  await expect(summary).toContainText('0.499800 BTC'); // arrives
  await saveScreenshot(page, 'wallet-withdraw-confirm');

  // The e2e server sets the holds to 0 hours (playwright.config.ts): nothing waits here. The
  // holds themselves are tested through the API (apps/server/test/wallet.int.test.ts).
  await expect(withdraw.getByText(/Withdrawals are on hold until/)).toBeHidden();

  await withdraw.getByLabel('Pay password').fill('246810');
  await withdraw.getByLabel('Authenticator code').fill(await nextCode());
  await withdraw.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page.getByText('Withdrawal submitted.')).toBeVisible();
  await expect(withdraw).toHaveCount(0);
  await page.getByRole('tab', { name: 'Withdrawals' }).click();
  const withdrawals = page.getByRole('table', { name: 'Withdrawals' });
  await expect(withdrawals.getByRole('row').nth(1)).toContainText('0.500000');
  await expect(withdrawals.getByRole('row').nth(1)).toContainText(/Processing|Sent|Completed/);
  await expect(balanceRow(page, 'BTC')).toContainText('11.500000');
  await saveScreenshot(page, 'wallet-withdrawals');

  await page.goto('/asset/transaction');
  await expect(page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1)).toContainText('Withdrawal');
  await expect(page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1)).toContainText('-0.500000');

  // Above the review threshold (10 BTC) and the single maximum (5 BTC): three parts, reviewed.
  await page.goto('/asset/index');
  await page.getByRole('button', { name: 'Withdraw BTC' }).click();
  await withdraw.getByRole('button', { name: 'All' }).click();
  await expect(withdraw.getByLabel('Amount')).toHaveValue('11.5');
  await withdraw.getByRole('button', { name: 'Next' }).click();
  await expect(withdraw.getByText('Sent in 3 parts')).toBeVisible();
  await expect(withdraw.getByText(/checked by an operator/)).toBeVisible();
  await withdraw.getByLabel('Pay password').fill('246810');
  await withdraw.getByLabel('Authenticator code').fill(await nextCode());
  await withdraw.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page.getByText("Withdrawal submitted: it waits for an operator's review.")).toBeVisible();
  await expect(page.getByRole('table', { name: 'Withdrawals' })).toContainText('Under review');

  // The operator approves the parts in the review queue. The request (11.5) is above BTC's
  // four-eyes threshold (10), though each part is not: every part waits for a second operator.
  await admin.goto('/admin/review');
  const queue = admin.getByRole('table', { name: 'Review queue' });
  const mine = queue.getByRole('row').filter({ hasText: account });
  await expect(mine).toHaveCount(3);
  await saveScreenshot(admin, 'wallet-admin-queue');
  for (let i = 0; i < 3; i++) {
    await mine.nth(i).getByRole('button', { name: 'Approve' }).click();
    await admin.getByRole('dialog', { name: 'Approve this withdrawal?' }).getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByText('Above the four-eyes threshold: the approval waits for a second operator.').last()).toBeVisible();
  }
  // The second operator confirms each part on Approvals: then it goes to the chain.
  const second = await operator(browser, E2E_SECOND_OPERATOR_EMAIL);
  await second.goto('/admin/approvals');
  const waiting = second.getByRole('table', { name: 'Approvals' }).getByRole('row').filter({ hasText: /3\.83333/ });
  await expect(waiting).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    await waiting.first().getByRole('button', { name: 'Confirm' }).click();
    await second.getByRole('dialog', { name: 'Confirm as the second operator' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(waiting).toHaveCount(2 - i);
  }
  await admin.reload();
  await expect(mine).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Withdrawals' })).not.toContainText('Under review');
});

test('an operator: ledger search, adjustment, reconciliation and audit log', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { email } = await registerByEmail(page);
  const account = await subAccountName(page);

  // Without an authenticator a wallet operation is confirmed with a mailed code bound to it: this
  // one to adding exactly this BTC address (the button checks the address before sending).
  await page.goto('/asset/index?tab=addresses');
  await page.getByRole('button', { name: 'Add address' }).click();
  const add = page.getByRole('dialog', { name: 'Add a withdraw address' });
  await chooseOption(page, add, 'Coin', /^BTC · Bitcoin$/, 'BTC');
  await add.getByLabel('Name', { exact: true }).fill('Exchange');
  await add.getByRole('button', { name: 'Send code' }).click();
  await expect(add.getByText('The withdraw address cannot be empty.')).toBeVisible();
  await add.getByLabel('Address', { exact: true }).fill(BTC_ADDRESS);
  const since = Date.now();
  await add.getByRole('button', { name: 'Send code' }).click();
  await add.getByLabel('Email verification code').fill(await codeFromMail(email, since));
  await add.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByText('The address was added.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Withdraw addresses' })).toContainText('Exchange');
  const admin = await operator(browser);

  // Only operators see the item in the account menu.
  await accountButton(admin).click();
  await admin.getByRole('menuitemradio', { name: 'Admin' }).click();
  await expect(admin).toHaveURL('/admin/review');
  await expect(admin.getByRole('heading', { name: 'Review queue', level: 1 })).toBeVisible();
  await saveScreenshot(admin, 'wallet-admin-review');

  // An unknown name is said in place; a real one shows balances and postings.
  await admin.getByRole('navigation', { name: 'Operations pages' }).getByRole('link', { name: 'Ledger' }).click();
  await admin.getByRole('searchbox', { name: 'Sub-account name' }).fill('nosuchaccount1');
  await admin.getByRole('button', { name: 'Search' }).click();
  await expect(admin.getByRole('alert').filter({ hasText: /nosuchaccount1|sub-account/i })).toBeVisible();

  await credit(admin, account, '0.25');
  await admin.goto('/admin/ledger');
  await admin.getByRole('searchbox', { name: 'Sub-account name' }).fill(account);
  await admin.getByRole('button', { name: 'Search' }).click();
  await expect(admin.getByRole('table', { name: 'Balances' })).toContainText('0.250000');
  await expect(admin.getByRole('table', { name: 'Postings' })).toContainText('System adjustment');
  await saveScreenshot(admin, 'wallet-admin-ledger');

  // The user sees the credit as a system adjustment.
  await page.goto('/asset/transaction');
  await expect(page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1)).toContainText('System adjustment');
  await expect(page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1)).toContainText('+0.250000');

  await admin.getByRole('navigation', { name: 'Operations pages' }).getByRole('link', { name: 'Reconciliation' }).click();
  await expect(admin.getByText('The books balance.')).toBeVisible();
  await admin.getByRole('navigation', { name: 'Operations pages' }).getByRole('link', { name: 'Audit log' }).click();
  const audit = admin.getByRole('table', { name: 'Audit log' });
  await expect(audit.getByRole('row').nth(1)).toContainText('Balance adjusted');
  await expect(audit.getByRole('row').nth(1)).toContainText(`Sub-account ${account}`);
  await expect(audit.getByRole('row').nth(1)).toContainText('e2e: starting balance');

  // An adjustment above BTC's four-eyes threshold (10) waits; the operator who asked declines it
  // (made by mistake): it leaves Approvals and nothing is credited.
  await admin.goto('/admin/adjust');
  await admin.getByLabel('Sub-account name').fill(account);
  await chooseOption(admin, admin, 'Coin', /^BTC · /, 'BTC');
  await admin.getByLabel('Amount').fill('11');
  await admin.getByLabel('Reason').fill('e2e: one digit too many');
  await admin.getByRole('button', { name: 'Post adjustment' }).click();
  await admin.getByRole('dialog', { name: 'Post this adjustment?' }).getByRole('button', { name: 'Post adjustment' }).click();
  await expect(admin.getByText('Above the four-eyes threshold: the adjustment waits for a second operator (Approvals tab).')).toBeVisible();
  await admin.goto('/admin/approvals');
  const request = admin.getByRole('table', { name: 'Approvals' }).getByRole('row').filter({ hasText: account });
  await expect(request).toHaveCount(1);
  await request.getByRole('button', { name: 'Decline' }).click();
  const decline = admin.getByRole('dialog', { name: 'Decline this request' });
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(decline.getByText('Please give a reason.')).toBeVisible();
  await decline.getByLabel('Reason').fill('wrong amount');
  await saveScreenshot(admin, 'wallet-admin-approval-decline');
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(admin.getByText('The request was declined.')).toBeVisible();
  await expect(request).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1)).toContainText('+0.250000');
});

test('dark theme and Chinese on the asset page', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  expect(await logIn(page, DEMO_EMAIL, DEMO_PASSWORD)).toBe(true);
  const { balance: demoBtc } = await demoEarnings(page);
  await page.goto('/asset/index');
  await expect(balanceRow(page, 'BTC')).toContainText(demoBtc);
  // No light islands: the balances table sits on a dark surface.
  const surface = await page.getByRole('table', { name: 'Balances' }).evaluate((el) => getComputedStyle(el.parentElement!).backgroundColor);
  expect(surface).not.toBe('rgb(255, 255, 255)');
  await saveScreenshot(page, 'wallet-assets-dark');

  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  await page.reload();
  await expect(page.getByRole('heading', { name: '钱包', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: '余额' })).toContainText(demoBtc);
  await page.goto('/asset/transaction');
  await expect(page.getByRole('table', { name: '交易记录' }).getByRole('row').nth(1)).toContainText('挖矿收益');
  await saveScreenshot(page, 'wallet-transactions-zh');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('balances as cards, and the deposit dialog fits the screen', async ({ page }) => {
    expect(await logIn(page, DEMO_EMAIL, DEMO_PASSWORD)).toBe(true);
    const { balance: demoBtc } = await demoEarnings(page);
    await page.goto('/asset/index');
    const card = page.getByTestId('balance-card').filter({ hasText: 'BTC' });
    await expect(card).toContainText(demoBtc);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('switch', { name: 'Hide small balances' }).click();
    await expect(page.getByTestId('balance-card')).toHaveCount(1);
    await saveScreenshot(page, 'wallet-assets-phone');

    await card.getByRole('button', { name: 'Deposit BTC' }).click();
    const deposit = page.getByRole('dialog', { name: 'Deposit BTC' });
    await expect(deposit.locator('.ant-qrcode')).toBeVisible();
    await expect.poll(() => dialogWidth(deposit)).toBe(350);
    const box = (await deposit.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: 'test-results/screenshots/wallet-deposit-phone.png' });
  });
});
