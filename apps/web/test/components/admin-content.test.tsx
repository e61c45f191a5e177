// The operators' content editor, rendered: times are typed and shown in the operator's profile
// timezone (named in the field's label) whatever the browser's zone, and a time left as it was is
// sent as it was (its seconds kept, so an untouched save changes nothing); a failed load (the list,
// the user, an image's preview) says so instead of spinning; footer columns and colours are words,
// not keys. The support and user calls are replaced; nothing is fetched.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import AdminContentPage from '../../src/features/support/pages/AdminContentPage';
import { supportApi, type AdminContentItem } from '../../src/features/support/support.api';
import { ApiError } from '../../src/shell/api/api-error';
import { getSessionEpoch, writeSession } from '../../src/shell/session/session';
import { userApi, type UserMine } from '../../src/shell/session/user.api';
import { userKeys } from '../../src/shell/session/user.queries';
import { renderAt } from './render';

const MINE = { id: 'u1', email: 'operator@example.com', phone: null, has_totp: true, has_pay_password: true, timezone: 'UTC+08:00', current_account: { id: 'a1', name: 'farm01' } } as unknown as UserMine;
const FAILED = new ApiError({ kind: 'server', status: 500, code: 500, msg: 'Internal error' });

const item = (over: Partial<AdminContentItem>): AdminContentItem => ({
  id: 3,
  kind: 'sliders',
  title: { en: 'Autumn sale' },
  body: { en: 'Hashrate, 10 % off' },
  link: '/pool/btc/stat',
  position: 'home',
  group: null,
  tone: 'purple',
  image_id: null,
  sort_order: 0,
  enabled: true,
  starts_at: '2026-12-01T01:00:12.345Z',
  ends_at: '2026-12-31T15:59:00.000Z',
  live: false,
  is_demo: false,
  missing_languages: [],
  participants: null,
  ...over,
});

// The browser's zone (UTC+3 all year) is not the operator's (UTC+08:00).
const browserZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Moscow';
  expect(new Date('2026-12-01T00:00:00Z').getTimezoneOffset()).toBe(-180);
});
afterAll(() => {
  if (browserZone === undefined) delete process.env.TZ;
  else process.env.TZ = browserZone;
});

async function open(path: string, { mine = true }: { mine?: boolean } = {}) {
  writeSession({ token: 'access-token', refreshToken: 'refresh-token', expiry: Date.now() + 3_600_000, issuedAt: Date.now() }, 'login');
  await act(async () => {
    renderAt(path, { frame: <AdminContentPage />, cached: mine ? [[userKeys.mine(getSessionEpoch()), MINE]] : [] });
  });
  return userEvent.setup();
}

async function edit(user: ReturnType<typeof userEvent.setup>, title: string) {
  const row = (await screen.findByText(title, undefined, { timeout: 10_000 })).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: 'Edit' }));
  return screen.findByRole('dialog');
}

const retry = () => screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 });

describe("the operators' content editor", () => {
  it("shows times in the operator's timezone and sends untouched ones to the millisecond", async () => {
    vi.spyOn(supportApi, 'content').mockResolvedValue({ list: [item({})] });
    const saved = vi.spyOn(supportApi, 'saveContent').mockResolvedValue(item({}));
    const user = await open('/admin/content?kind=sliders');
    const row = (await screen.findByText('Autumn sale', undefined, { timeout: 10_000 })).closest('tr')!;
    expect(row.textContent).toContain('2026-12-01 09:00 – 2026-12-31 23:59');
    const dialog = await edit(user, 'Autumn sale');
    expect((within(dialog).getByLabelText('Shown from (UTC+08:00)') as HTMLInputElement).value).toBe('2026-12-01 09:00');
    expect((within(dialog).getByLabelText('Shown until (UTC+08:00)') as HTMLInputElement).value).toBe('2026-12-31 23:59');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(saved.mock.calls[0]![0]).toBe('sliders');
    expect(saved.mock.calls[0]![1]).toMatchObject({ starts_at: '2026-12-01T01:00:12.345Z', ends_at: '2026-12-31T15:59:00.000Z' });
    expect(saved.mock.calls[0]![2]).toBe(3);
  });

  it("reads a typed time in the operator's timezone, to the minute", async () => {
    vi.spyOn(supportApi, 'content').mockResolvedValue({ list: [item({ kind: 'announcements', ends_at: null })] });
    const saved = vi.spyOn(supportApi, 'saveContent').mockResolvedValue(item({}));
    const user = await open('/admin/content?kind=announcements');
    const dialog = await edit(user, 'Autumn sale');
    const published = within(dialog).getByLabelText('Published from (UTC+08:00)');
    await user.clear(published);
    await user.type(published, '2027-01-05 10:30{Enter}');
    const until = within(dialog).getByLabelText('Shown until (UTC+08:00)');
    await user.click(until);
    await user.type(until, '2027-02-01 00:00{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(saved.mock.calls[0]![1]).toMatchObject({ starts_at: '2027-01-05T02:30:00.000Z', ends_at: '2027-01-31T16:00:00.000Z' });
  });

  it('names footer columns and colours in words', async () => {
    vi.spyOn(supportApi, 'content').mockImplementation((kind) =>
      Promise.resolve({ list: [kind === 'footer-links' ? item({ kind, title: { en: 'Status' }, body: null, group: 'community', tone: null, starts_at: null, ends_at: null }) : item({})] }),
    );
    const user = await open('/admin/content?kind=footer-links');
    const row = (await screen.findByText('Status', undefined, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByText('Community')).toBeTruthy();
    let dialog = await edit(user, 'Status');
    expect(within(dialog).getByTitle('Community')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('tab', { name: 'Banners' }));
    dialog = await edit(user, 'Autumn sale');
    expect(within(dialog).getByTitle('Purple')).toBeTruthy();
  });

  it('shows a failed list with a retry that loads it', async () => {
    const content = vi.spyOn(supportApi, 'content').mockRejectedValueOnce(FAILED).mockResolvedValue({ list: [item({})] });
    const user = await open('/admin/content?kind=sliders');
    expect(await screen.findByText('The data could not be loaded.', undefined, { timeout: 10_000 })).toBeTruthy();
    await user.click(await retry());
    expect(await screen.findByText('Autumn sale', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(content).toHaveBeenCalledTimes(2);
  });

  it('shows a failed user with a retry', async () => {
    const mine = vi.spyOn(userApi, 'mine').mockRejectedValueOnce(FAILED).mockResolvedValue(MINE);
    vi.spyOn(supportApi, 'content').mockResolvedValue({ list: [item({})] });
    const user = await open('/admin/content?kind=sliders', { mine: false });
    await user.click(await retry());
    expect(await screen.findByText('Autumn sale', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(mine).toHaveBeenCalledTimes(2);
  });

  it("says an image's preview could not be loaded instead of waiting for ever", async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    vi.spyOn(supportApi, 'content').mockResolvedValue({ list: [item({ image_id: '7d6c3f5e-8f1a-4c1b-9a57-2f3c1d0e9b4a' })] });
    const user = await open('/admin/content?kind=sliders');
    const dialog = await edit(user, 'Autumn sale');
    expect(await within(dialog).findByText('The image could not be loaded.', undefined, { timeout: 10_000 })).toBeTruthy();
  });
});
