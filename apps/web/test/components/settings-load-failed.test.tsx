// The account pages when a load fails, rendered: the queries do not retry by themselves, so the
// sub-accounts and the security log show the failure with a retry (ui/LoadFailed), not a spinner
// for ever, and the WeChat line says its status failed, with a retry, rather than vanishing. And a
// hidden sub-account that was switched to can be shown again. The calls are replaced; the user is
// put in the cache; nothing is fetched.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { accountsApi, type AccountItem, type SecurityEventPage, type UserMine } from '../../src/features/accounts/accounts.api';
import SecurityLogPage from '../../src/features/accounts/pages/SecurityLogPage';
import SubAccountsPage from '../../src/features/accounts/pages/SubAccountsPage';
import { WechatSettingRow } from '../../src/features/wechat';
import { wechatApi } from '../../src/features/wechat/wechat.api';
import { ApiError } from '../../src/shell/api/api-error';
import { getSessionEpoch, writeSession } from '../../src/shell/session/session';
import { userKeys } from '../../src/shell/session/user.queries';
import { renderAt } from './render';

const MINE = { id: 'u1', email: 'miner@example.com', phone: null, has_totp: false, has_pay_password: true, timezone: 'UTC', current_account: { id: 'a1', name: 'farm01' } } as unknown as UserMine;
const FAILED = new ApiError({ kind: 'server', status: 500, code: 500, msg: 'Internal error' });
const account = (over: Partial<AccountItem>) => ({ id: 'a1', name: 'farm01', created_at: '2026-01-01T00:00:00Z', status: 'normal', hidden: false, is_default: true, is_current: true, ...over }) as AccountItem;

function open(page: ReactNode) {
  writeSession({ token: 'access-token', refreshToken: 'refresh-token', expiry: Date.now() + 3_600_000, issuedAt: Date.now() }, 'login');
  renderAt('/user/account', { cached: [[userKeys.mine(getSessionEpoch()), MINE]], frame: page });
  return userEvent.setup();
}

const retry = () => screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 });

describe('SubAccountsPage', () => {
  it('shows a failed list with a retry that loads it', async () => {
    const list = vi.spyOn(accountsApi, 'accounts').mockRejectedValueOnce(FAILED).mockResolvedValue([account({})]);
    const user = open(<SubAccountsPage />);
    expect(await screen.findByText('The data could not be loaded.', undefined, { timeout: 10_000 })).toBeTruthy();
    await user.click(await retry());
    expect(await screen.findByText('farm01', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('offers Show for the current sub-account when it is hidden, and never Hide for it', async () => {
    vi.spyOn(accountsApi, 'accounts').mockResolvedValue([account({ hidden: true, is_default: false }), account({ id: 'a2', name: 'farm02', is_current: false })]);
    const show = vi.spyOn(accountsApi, 'setAccountHidden').mockResolvedValue(null);
    const user = open(<SubAccountsPage />);
    await user.click(await screen.findByRole('button', { name: 'Show farm01' }, { timeout: 10_000 }));
    await waitFor(() => expect(show).toHaveBeenCalledWith('a1', false));
    expect(screen.queryByRole('button', { name: 'Hide farm01' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Hide farm02' })).toBeTruthy();
  });
});

describe('SecurityLogPage', () => {
  it('shows a failed log with a retry that loads it', async () => {
    const page: SecurityEventPage = { list: [], total: 0 };
    const logs = vi.spyOn(accountsApi, 'logs').mockRejectedValueOnce(FAILED).mockResolvedValue(page);
    const user = open(<SecurityLogPage />);
    expect(await screen.findByText('The data could not be loaded.', undefined, { timeout: 10_000 })).toBeTruthy();
    await user.click(await retry());
    await waitFor(() => expect(screen.queryByText('The data could not be loaded.')).toBeNull());
    expect(logs).toHaveBeenCalledTimes(2);
  });
});

describe('WechatSettingRow', () => {
  function Row({ title, status, action }: { title: ReactNode; status: ReactNode; action: ReactNode }) {
    return (
      <div data-testid="row">
        {title} {status} {action}
      </div>
    );
  }

  it('says a failed status failed, with a retry, instead of hiding the line', async () => {
    const status = vi.spyOn(wechatApi, 'status').mockRejectedValueOnce(FAILED).mockResolvedValue({ enabled: true, bound: false } as never);
    const user = open(<WechatSettingRow mine={MINE} Row={Row} />);
    const row = await screen.findByTestId('row', undefined, { timeout: 10_000 });
    expect(row.textContent).toContain('The data could not be loaded.');
    await user.click(within(row).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('wechat-action', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(status).toHaveBeenCalledTimes(2);
  });
});
