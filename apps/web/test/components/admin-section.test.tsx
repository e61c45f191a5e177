// The frame of every page of the operators' area, rendered: it waits on the operator's timezone
// (GET /users/mine); a failed load shows the failure with a retry, not a spinner for ever, and the
// retry gives the page its timezone. The user call is replaced; nothing is fetched.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/shell/api/api-error';
import { AdminSection, type AdminPageProps } from '../../src/shell/frames/AdminSection';
import { writeSession } from '../../src/shell/session/session';
import { userApi, type UserMine } from '../../src/shell/session/user.api';
import { renderAt } from './render';

const MINE = { id: 'u1', email: 'operator@example.com', phone: null, has_totp: true, has_pay_password: true, timezone: 'UTC+08:00', current_account: { id: 'a1', name: 'farm01' } } as unknown as UserMine;
const FAILED = new ApiError({ kind: 'server', status: 500, code: 500, msg: 'Internal error' });

function Section({ timezone }: AdminPageProps) {
  return <p>times in {timezone}</p>;
}

describe('AdminSection', () => {
  it('shows a failed user with a retry that gives the page its timezone', async () => {
    const mine = vi.spyOn(userApi, 'mine').mockRejectedValueOnce(FAILED).mockResolvedValue(MINE);
    writeSession({ token: 'access-token', refreshToken: 'refresh-token', expiry: Date.now() + 3_600_000, issuedAt: Date.now() }, 'login');
    await act(async () => {
      renderAt('/admin/fees', { frame: <AdminSection section={Section} /> });
    });
    expect(await screen.findByText('The data could not be loaded.', undefined, { timeout: 10_000 })).toBeTruthy();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('times in UTC+08:00', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(mine).toHaveBeenCalledTimes(2);
  });
});
