// The support pages when a load fails, rendered: the queries do not retry by themselves, so a failed
// list or user shows the failure with a retry (not a spinner for ever), and a ticket's page (?id=)
// shows the ticket without waiting for the list. The support and user calls are replaced; nothing
// is fetched.
import type { ReactNode } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import AdminSupportPage from '../../src/features/support/pages/AdminSupportPage';
import TicketPage from '../../src/features/support/pages/TicketPage';
import { supportApi, type AdminTicketPage, type TicketDetail, type TicketPage as TicketList } from '../../src/features/support/support.api';
import { ApiError } from '../../src/shell/api/api-error';
import { userApi, type UserMine } from '../../src/shell/session/user.api';
import { getSessionEpoch, writeSession } from '../../src/shell/session/session';
import { userKeys } from '../../src/shell/session/user.queries';
import { renderAt } from './render';

const MINE = { id: 'u1', email: 'miner@example.com', phone: null, has_totp: true, has_pay_password: true, timezone: 'UTC', current_account: { id: 'a1', name: 'farm01' } } as unknown as UserMine;
const SUMMARY = { id: 7, title: 'Payout missing', type: 'general', status: 'open', created_at: '2026-12-01T10:00:00.000Z', updated_at: '2026-12-01T10:00:00.000Z' } as const;
const LIST: TicketList = { list: [SUMMARY], total: 1 } as TicketList;
const DETAIL: TicketDetail = { ...SUMMARY, messages: [{ id: 1, author: 'user', content: 'Where is my payout?', internal: false, attachments: [], created_at: '2026-12-01T10:00:00.000Z' }] };
const FAILED = new ApiError({ kind: 'server', status: 500, code: 500, msg: 'Internal error' });

async function open(path: string, page: ReactNode, { mine = true }: { mine?: boolean } = {}) {
  writeSession({ token: 'access-token', refreshToken: 'refresh-token', expiry: Date.now() + 3_600_000, issuedAt: Date.now() }, 'login');
  await act(async () => {
    renderAt(path, { frame: page, cached: mine ? [[userKeys.mine(getSessionEpoch()), MINE]] : [] });
  });
  return userEvent.setup();
}

const retry = () => screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 });

describe('the support pages when a load fails', () => {
  it('shows a failed ticket list with a retry that loads it', async () => {
    const tickets = vi.spyOn(supportApi, 'tickets').mockRejectedValueOnce(FAILED).mockResolvedValue(LIST);
    const user = await open('/ticket', <TicketPage />);
    expect(await screen.findByText('The data could not be loaded.', undefined, { timeout: 10_000 })).toBeTruthy();
    await user.click(await retry());
    expect((await screen.findAllByText('Payout missing', undefined, { timeout: 10_000 })).length).toBeGreaterThan(0);
    expect(tickets).toHaveBeenCalledTimes(2);
  });

  it('shows a failed user with a retry', async () => {
    const mine = vi.spyOn(userApi, 'mine').mockRejectedValueOnce(FAILED).mockResolvedValue(MINE);
    vi.spyOn(supportApi, 'tickets').mockResolvedValue(LIST);
    const user = await open('/ticket', <TicketPage />, { mine: false });
    await user.click(await retry());
    expect((await screen.findAllByText('Payout missing', undefined, { timeout: 10_000 })).length).toBeGreaterThan(0);
    expect(mine).toHaveBeenCalledTimes(2);
  });

  it("shows a ticket's page (?id=) without the list", async () => {
    const tickets = vi.spyOn(supportApi, 'tickets').mockRejectedValue(FAILED);
    vi.spyOn(supportApi, 'ticket').mockResolvedValue(DETAIL);
    await open('/ticket?id=7', <TicketPage />);
    expect(await screen.findByText('Where is my payout?', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('The data could not be loaded.')).toBeNull();
    await waitFor(() => expect(tickets).not.toHaveBeenCalled());
  });

  it("shows a failed operators' queue with a retry that loads it", async () => {
    const queue = vi
      .spyOn(supportApi, 'queue')
      .mockRejectedValueOnce(FAILED)
      .mockResolvedValue({ list: [{ ...SUMMARY, user_email: 'miner@example.com', assignee_email: null, assigned_to_me: false }], total: 1 } as AdminTicketPage);
    const user = await open('/admin/support', <AdminSupportPage />);
    await user.click(await retry());
    expect((await screen.findAllByText('Payout missing', undefined, { timeout: 10_000 })).length).toBeGreaterThan(0);
    expect(queue).toHaveBeenCalledTimes(2);
  });
});
