// The account-security dialogs after a refusal, rendered: the server checks the second factor
// first and spends it (security.service.ts), so a refusal after that check (a wrong current
// password, a wrong code of the new address) empties the verification code, saying a new one is
// needed, and a code or authenticator refusal goes next to its input, not to a toast. The reset
// page empties a code refused as used. The account calls are replaced; nothing is fetched.
import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@hashpool/shared';
import { accountsApi, type UserMine } from '../../src/features/accounts/accounts.api';
import { EmailDialog } from '../../src/features/accounts/dialogs/ContactDialog';
import PasswordDialog from '../../src/features/accounts/dialogs/PasswordDialog';
import ResetPasswordPage from '../../src/features/accounts/pages/ResetPasswordPage';
import { ApiError } from '../../src/shell/api/api-error';
import { getSessionEpoch, writeSession } from '../../src/shell/session/session';
import { userKeys } from '../../src/shell/session/user.queries';
import { renderAt } from './render';

const MINE = { id: 'u1', email: 'miner@example.com', phone: null, has_totp: false, has_pay_password: true, timezone: 'UTC', current_account: { id: 'a1', name: 'farm01' } } as unknown as UserMine;
const WITH_TOTP = { ...MINE, has_totp: true } as UserMine;

const refusal = (key: keyof typeof ERRORS, msg: string, fields: Array<{ field: string; message_key: string; message: string }> = []) =>
  new ApiError({ kind: 'server', status: 400, code: ERRORS[key].code, msg, fields });

function open(dialog: (mine: UserMine) => ReactNode, mine: UserMine = MINE) {
  writeSession({ token: 'access-token', refreshToken: 'refresh-token', expiry: Date.now() + 3_600_000, issuedAt: Date.now() }, 'login');
  renderAt('/user/setting', { cached: [[userKeys.mine(getSessionEpoch()), mine]], frame: dialog(mine) });
  return userEvent.setup();
}

const field = async (label: string) => (await screen.findByLabelText(label, undefined, { timeout: 10_000 })) as HTMLInputElement;
const itemOf = (text: HTMLElement) => text.closest('.ant-form-item')?.textContent ?? '';

describe('PasswordDialog', () => {
  it('empties the spent email code after a wrong current password, and the retry asks for a new one', async () => {
    const change = vi.spyOn(accountsApi, 'changePassword').mockRejectedValueOnce(refusal('password_incorrect', 'The current password is incorrect.')).mockResolvedValue(null);
    const user = open((mine) => <PasswordDialog mine={mine} onClose={() => undefined} />);
    await user.type(await field('Current password'), 'not my password');
    await user.type(await field('New password'), 'a brand new passphrase');
    await user.type(await field('Confirm password'), 'a brand new passphrase');
    await user.type(await field('Email verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(itemOf(await screen.findByText('The current password is incorrect.'))).toContain('Current password');
    const spent = await screen.findByText('The last attempt used up this code. Send a new one.');
    expect(itemOf(spent)).toContain('Email verification code');
    expect((await field('Email verification code')).value).toBe('');
    // The form is not sent again with the spent code.
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByText('The last attempt used up this code. Send a new one.')).toBeNull());
    expect(itemOf(await screen.findByText(/^(Enter the 6-digit code\.|This field is required\.)$/))).toContain('Email verification code');
    expect(change).toHaveBeenCalledTimes(1);
    await user.type(await field('Email verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(change).toHaveBeenCalledTimes(2));
    expect(change.mock.calls[1]![0].verification).toEqual({ email_code: '654321' });
  });

  it('puts a used code next to its input, emptied, not in a toast', async () => {
    vi.spyOn(accountsApi, 'changePassword').mockRejectedValueOnce(refusal('code_used', 'This verification code has already been used.'));
    const user = open((mine) => <PasswordDialog mine={mine} onClose={() => undefined} />);
    await user.type(await field('Current password'), 'my password');
    await user.type(await field('New password'), 'a brand new passphrase');
    await user.type(await field('Confirm password'), 'a brand new passphrase');
    await user.type(await field('Email verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const used = await screen.findByText('This verification code has already been used.');
    expect(itemOf(used)).toContain('Email verification code');
    expect(itemOf(used)).toContain('Send a new code.');
    expect((await field('Email verification code')).value).toBe('');
  });

  it('empties the spent authenticator code after a wrong current password', async () => {
    vi.spyOn(accountsApi, 'changePassword').mockRejectedValueOnce(refusal('password_incorrect', 'The current password is incorrect.'));
    const user = open((mine) => <PasswordDialog mine={mine} onClose={() => undefined} />, WITH_TOTP);
    await user.type(await field('Current password'), 'not my password');
    await user.type(await field('New password'), 'a brand new passphrase');
    await user.type(await field('Confirm password'), 'a brand new passphrase');
    await user.type(await field('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(itemOf(await screen.findByText('The last attempt used this code. Enter the next one from your authenticator.'))).toContain('Authenticator code');
    expect((await field('Authenticator code')).value).toBe('');
  });
});

describe('EmailDialog', () => {
  it('puts a wrong code of the new address at that code and empties the spent one of the old address', async () => {
    const issue = [{ field: 'body.new_code', message_key: 'invalid', message: 'This value is not valid.' }];
    const change = vi.spyOn(accountsApi, 'changeEmail').mockRejectedValueOnce(refusal('code_invalid', 'The verification code is incorrect.', issue)).mockResolvedValue(null);
    const user = open((mine) => <EmailDialog mine={mine} onClose={() => undefined} />);
    await user.type(await field('New email address'), 'next@example.com');
    await user.type(await field('Code sent to the new address'), '111111');
    await user.type(await field('Email verification code'), '222222');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(itemOf(await screen.findByText('The verification code is incorrect.'))).toContain('Code sent to the new address');
    expect(itemOf(await screen.findByText('The last attempt used up this code. Send a new one.'))).toContain('Email verification code');
    expect((await field('Email verification code')).value).toBe('');
    expect((await field('Code sent to the new address')).value).toBe('111111');
    expect(change).toHaveBeenCalledTimes(1);
  });

  it('puts a wrong code of the old address at it, and keeps it to be corrected', async () => {
    vi.spyOn(accountsApi, 'changeEmail').mockRejectedValueOnce(refusal('code_invalid', 'The verification code is incorrect.'));
    const user = open((mine) => <EmailDialog mine={mine} onClose={() => undefined} />);
    await user.type(await field('New email address'), 'next@example.com');
    await user.type(await field('Code sent to the new address'), '111111');
    await user.type(await field('Email verification code'), '222222');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(itemOf(await screen.findByText('The verification code is incorrect.'))).toContain('Email verification code');
    expect((await field('Email verification code')).value).toBe('222222');
  });
});

describe('ResetPasswordPage', () => {
  it('empties a code refused as used, saying a new one is needed', async () => {
    vi.spyOn(accountsApi, 'resetPassword').mockRejectedValueOnce(refusal('code_used', 'This verification code has already been used.'));
    const user = open(() => <ResetPasswordPage />);
    await user.type(await screen.findByPlaceholderText('name@example.com', undefined, { timeout: 10_000 }), 'miner@example.com');
    await user.type(await field('Verification code'), '123456');
    await user.type(await field('New password'), 'reset passphrase 42');
    await user.type(await field('Confirm password'), 'reset passphrase 42');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const used = await screen.findByText('This verification code has already been used.');
    expect(itemOf(used)).toContain('Verification code');
    expect(itemOf(used)).toContain('Send a new code.');
    expect((await field('Verification code')).value).toBe('');
  });
});
