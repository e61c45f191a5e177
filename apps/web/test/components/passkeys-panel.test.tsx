// Settings → Passkeys, rendered: the second factor is spent when the options are asked for, so a
// prompt the browser cancelled is tried again with the same options (no new code), while a refused
// registration (the challenge spent) empties the code and asks for a new one instead of sending
// the spent code again; an authenticator refusal goes next to its input; a list that failed to
// load says so with a retry. The passkey calls and the browser's WebAuthn are replaced.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ERRORS, PASSKEY_CHALLENGE_TTL_SECONDS, type UserMine } from '@hashpool/shared';
import { PasskeysPanel } from '../../src/features/passkeys/components/PasskeysPanel';
import { passkeysApi, type Passkey } from '../../src/features/passkeys/passkeys.api';
import { ApiError } from '../../src/shell/api/api-error';
import { getSessionEpoch, writeSession } from '../../src/shell/session/session';
import { userKeys } from '../../src/shell/session/user.queries';
import { renderAt } from './render';
import type * as WebAuthn from '../../src/features/passkeys/webauthn';

const startRegistration = vi.fn();
vi.mock('../../src/features/passkeys/webauthn', async (original) => ({
  ...(await original<typeof WebAuthn>()),
  passkeysSupported: () => true,
  loadWebAuthn: async () => ({ startRegistration }),
}));

const MINE = { id: 'u1', email: 'miner@example.com', phone: null, has_totp: false, has_pay_password: true, timezone: 'UTC', current_account: { id: 'a1', name: 'farm01' } } as unknown as UserMine;
const OPTIONS = { options: { challenge: 'first' } } as never;
const CREDENTIAL = { id: 'cred', response: {} };
const ADDED = { id: 'p1', nickname: 'Laptop', created_at: '2026-01-01T00:00:00Z', last_used_at: null } as Passkey;

beforeEach(() => startRegistration.mockReset());

function open(mine: UserMine = MINE) {
  writeSession({ token: 'access-token', refreshToken: 'refresh-token', expiry: Date.now() + 3_600_000, issuedAt: Date.now() }, 'login');
  renderAt('/user/setting', { cached: [[userKeys.mine(getSessionEpoch()), mine]], frame: <PasskeysPanel mine={mine} /> });
  return userEvent.setup();
}

const field = async (label: string) => (await screen.findByLabelText(label, undefined, { timeout: 10_000 })) as HTMLInputElement;
const itemOf = (text: HTMLElement) => text.closest('.ant-form-item')?.textContent ?? '';

async function startAdding(user: ReturnType<typeof userEvent.setup>, code: string, label = 'Email verification code') {
  await user.click(await screen.findByRole('button', { name: /Add a passkey/ }, { timeout: 10_000 }));
  await user.type(await field('Nickname'), 'Laptop');
  await user.type(await field(label), code);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('PasskeysPanel: adding', () => {
  it('after a refused registration, empties the spent code and asks for new options only with a new one', async () => {
    vi.spyOn(passkeysApi, 'list').mockResolvedValue({ list: [] });
    const options = vi.spyOn(passkeysApi, 'registerOptions').mockResolvedValue(OPTIONS);
    const register = vi
      .spyOn(passkeysApi, 'register')
      .mockRejectedValueOnce(new ApiError({ kind: 'server', status: 400, code: ERRORS.passkey_challenge_expired.code, msg: 'The passkey request has expired.' }))
      .mockResolvedValue(ADDED);
    startRegistration.mockResolvedValue(CREDENTIAL);
    const user = open();
    await startAdding(user, '123456');
    await waitFor(() => expect(register).toHaveBeenCalledTimes(1));

    expect(await screen.findByText('A new verification code is needed')).toBeTruthy();
    expect(itemOf(await screen.findByText('The last attempt used up this code. Send a new one.'))).toContain('Email verification code');
    expect((await field('Email verification code')).value).toBe('');
    // Not sent again with the spent code.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByText('The last attempt used up this code. Send a new one.')).toBeNull());
    expect(options).toHaveBeenCalledTimes(1);

    await user.type(await field('Email verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(register).toHaveBeenCalledTimes(2));
    expect(options).toHaveBeenCalledTimes(2);
    expect(options.mock.calls[1]![0]).toEqual({ email_code: '654321' });
  });

  it('tries a cancelled prompt again with the same options, without a new code', async () => {
    vi.spyOn(passkeysApi, 'list').mockResolvedValue({ list: [] });
    const options = vi.spyOn(passkeysApi, 'registerOptions').mockResolvedValue(OPTIONS);
    const register = vi.spyOn(passkeysApi, 'register').mockResolvedValue(ADDED);
    startRegistration.mockRejectedValueOnce(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' })).mockResolvedValue(CREDENTIAL);
    const user = open();
    await startAdding(user, '123456');
    expect(await screen.findByText('Verification Failed', undefined, { timeout: 10_000 })).toBeTruthy();
    expect((await field('Email verification code')).value).toBe('123456');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(register).toHaveBeenCalledTimes(1));
    expect(options).toHaveBeenCalledTimes(1);
    expect(startRegistration).toHaveBeenCalledTimes(2);
  });

  it('asks for a new code, not new options with the spent one, when the kept options have lapsed', async () => {
    vi.spyOn(passkeysApi, 'list').mockResolvedValue({ list: [] });
    const options = vi.spyOn(passkeysApi, 'registerOptions').mockResolvedValue(OPTIONS);
    startRegistration.mockRejectedValueOnce(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    const user = open();
    await startAdding(user, '123456');
    expect(await screen.findByText('Verification Failed', undefined, { timeout: 10_000 })).toBeTruthy();
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + PASSKEY_CHALLENGE_TTL_SECONDS * 1000);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('A new verification code is needed')).toBeTruthy();
    expect((await field('Email verification code')).value).toBe('');
    expect(options).toHaveBeenCalledTimes(1);
  });

  it('puts a refused authenticator code next to its input', async () => {
    vi.spyOn(passkeysApi, 'list').mockResolvedValue({ list: [] });
    vi.spyOn(passkeysApi, 'registerOptions').mockRejectedValueOnce(new ApiError({ kind: 'server', status: 400, code: ERRORS.totp_invalid.code, msg: 'The authenticator code is incorrect.' }));
    const user = open({ ...MINE, has_totp: true } as UserMine);
    await startAdding(user, '123456', 'Authenticator code');
    expect(itemOf(await screen.findByText('The authenticator code is incorrect.', undefined, { timeout: 10_000 }))).toContain('Authenticator code');
    expect(startRegistration).not.toHaveBeenCalled();
  });
});

describe('PasskeysPanel: the list', () => {
  it('says a failed list failed, with a retry, rather than "no passkeys"', async () => {
    const list = vi
      .spyOn(passkeysApi, 'list')
      .mockRejectedValueOnce(new ApiError({ kind: 'server', status: 500, code: 500, msg: 'Internal error' }))
      .mockResolvedValue({ list: [ADDED] });
    const user = open();
    expect(await screen.findByText('The data could not be loaded.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('No passkeys yet.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findAllByTestId('passkey-nickname', undefined, { timeout: 10_000 }))[0]!.textContent).toBe('Laptop');
    expect(list).toHaveBeenCalledTimes(2);
  });
});
