// The message centre's list, rendered: a page emptied by deleting its last message (or reading it
// with "Unread only") while other messages remain moves to the last page there is, in place of the
// emptied one; the type filter offers the operators' alerts to operators only. The message calls
// are replaced (a small in-memory list); nothing is fetched.
import { Suspense } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessageList } from '../../src/features/mining/components/MessageList';
import { poolApi, type Message, type MessageQuery, type MessageTarget } from '../../src/features/mining/mining.api';
import { getSessionEpoch, writeSession } from '../../src/shell/session/session';
import { userKeys } from '../../src/shell/session/user.queries';
import { renderAt } from './render';

const frame = (
  <Suspense fallback={null}>
    <MessageList timezone="UTC" />
  </Suspense>
);

/** `count` messages, newest first, the server's way: paged, filtered by unread, deletable, readable. */
function serve(count: number, read = false) {
  let messages: Message[] = Array.from({ length: count }, (_, i) => ({ id: count - i, type: 'miner_online', params: { coin: 'btc', account: 'farm' }, read, created_at: '2026-12-01T10:00:00.000Z' }));
  const list = vi.spyOn(poolApi, 'messages').mockImplementation(async (q: MessageQuery) => {
    const shown = messages.filter((m) => !q.unread || !m.read);
    return { list: shown.slice((q.page - 1) * q.page_size, q.page * q.page_size), total: shown.length, unread: messages.filter((m) => !m.read).length };
  });
  const ids = (target: MessageTarget) => ('ids' in target ? target.ids : messages.map((m) => m.id));
  vi.spyOn(poolApi, 'deleteMessages').mockImplementation(async (target) => {
    const gone = ids(target);
    messages = messages.filter((m) => !gone.includes(m.id));
    return { count: gone.length };
  });
  vi.spyOn(poolApi, 'markRead').mockImplementation(async (target) => {
    const done = ids(target);
    messages = messages.map((m) => (done.includes(m.id) ? { ...m, read: true } : m));
    return { count: done.length };
  });
  return list;
}

/** Renders at `path`, awaiting the first render: the renderers' promise suspends it once (React's `use`). */
async function open(path: string, cached: Array<[readonly unknown[], unknown]> = []) {
  let result!: ReturnType<typeof renderAt>;
  await act(async () => {
    result = renderAt(path, { frame, cached });
  });
  return result;
}

const shownAt = async () => (await screen.findByTestId('location')).textContent;
const shownMessages = () => screen.queryAllByTestId('message');

describe('MessageList', () => {
  it('after deleting the last message of page 2, shows page 1 (replacing the address) rather than "no messages"', async () => {
    serve(11);
    const user = userEvent.setup();
    const { router } = await open('/user/message?page=2');
    await waitFor(() => expect(shownMessages()).toHaveLength(1), { timeout: 10_000 });
    const before = router.state.historyAction;
    await user.click(screen.getByRole('button', { name: 'Delete: Notice' }));
    await waitFor(() => expect(shownMessages()).toHaveLength(10), { timeout: 10_000 });
    expect(await shownAt()).toBe('/user/message');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(before).toBe('POP');
    expect(screen.queryByText(/No messages yet/)).toBeNull();
  });

  it('with "Unread only", after reading the last unread of page 3, shows the last page there is (2)', async () => {
    serve(21);
    const user = userEvent.setup();
    await open('/user/message?unread=1&page=3');
    await waitFor(() => expect(shownMessages()).toHaveLength(1), { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Mark as read: Notice' }));
    expect(await screen.findByText('Marked as read: 1.')).toBeTruthy();
    await waitFor(async () => expect(await shownAt()).toBe('/user/message?unread=1&page=2'), { timeout: 10_000 });
    await waitFor(() => expect(shownMessages()).toHaveLength(10));
    expect(screen.queryByText('No messages match these filters.')).toBeNull();
  });

  it('keeps an emptied filter empty, with nothing to move to', async () => {
    serve(3, true);
    await open('/user/message?unread=1&page=2');
    expect(await screen.findByText('No messages match these filters.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(await shownAt()).toBe('/user/message?unread=1&page=2');
  });

  const typeOptions = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByRole('combobox', { name: 'Message type' }, { timeout: 10_000 }));
    // The drawn options (the listbox's accessible ones are only the few around the active one).
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
    return [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
  };

  it('offers the operators\' alerts in the type filter to operators only', async () => {
    serve(1);
    writeSession({ token: 'access-token', refreshToken: 'refresh-token', expiry: Date.now() + 3_600_000, issuedAt: Date.now() }, 'login');
    const permissions = (operator: boolean) => [userKeys.permissions(getSessionEpoch()), { permissions: ['user.view'], is_admin: operator, operator_roles: operator ? ['admin'] : [] }] as [readonly unknown[], unknown];

    const user = userEvent.setup();
    const plain = await open('/user/message', [permissions(false)]);
    const plainOptions = await typeOptions(user);
    expect(plainOptions).toContain('miner_online');
    expect(plainOptions).not.toContain('operations_alert');
    plain.unmount();

    await open('/user/message', [permissions(true)]);
    expect(await typeOptions(user)).toContain('operations_alert');
  });
});
