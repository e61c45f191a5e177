// The worker pages of a pool (/pool/:type/miner and its detail), rendered over replaced pool calls:
// a page that no longer exists moves to the last one, the selection follows the rows shown across
// a refresh, failed loads offer a retry (and no made-up counts), a failed move into a new group
// retries the move only, the detail's "back" returns to the same list, and large farms' counts
// show in full. The user is put in the cache; nothing is fetched.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@hashpool/shared';
import MinerDetailPage from '../../src/features/mining/pages/MinerDetailPage';
import MinerPage from '../../src/features/mining/pages/MinerPage';
import { MoveDialog } from '../../src/features/mining/components/MoveDialog';
import { poolApi, type MinerCounts, type MinerPage as MinerList, type MinerRow, type WorkerGroup } from '../../src/features/mining/mining.api';
import { ApiError } from '../../src/shell/api/api-error';
import type { UserMine } from '../../src/shell/session/user.api';
import { renderAt, renderSignedIn } from './render';

const MINE = { id: 'u1', email: 'miner@example.com', phone: null, has_totp: true, has_pay_password: true, timezone: 'UTC+00:00', withdraw_hold_until: null, current_account: { id: 'a1', name: 'farm01' } } as unknown as UserMine;
const FAILED = new ApiError({ kind: 'server', status: 500, code: 500, msg: 'Internal error' });
const GONE = new ApiError({ kind: 'server', status: ERRORS.not_found.status, code: ERRORS.not_found.code, msg: 'Not found' });
const GROUPS: WorkerGroup[] = [{ id: null, name: 'default', total: 3, active: 3 }];
const LONG = 10_000;

function worker(id: number): MinerRow {
  return {
    id,
    worker_name: `rig-${id}`,
    group_id: null,
    status: 'active',
    accept_15m: { value: 1e12 },
    accept_1h: { value: 1e12 },
    accept_24h: { value: 1e12 },
    reject_rate: 0,
    last_share_time: '2026-05-01T10:00:00.000Z',
    last_ip: null,
    accepted_shares: 100,
  };
}

/** A list of `total` workers (ids 1..total), 10 a page, as the server pages it. */
function listOf(total: number) {
  return (_coin: string, _account: string, query: Record<string, string | number>): Promise<MinerList> => {
    const page = Number(query.page);
    const ids = Array.from({ length: total }, (_, i) => i + 1).slice((page - 1) * 10, page * 10);
    return Promise.resolve({ list: ids.map(worker), total });
  };
}

function counts(total: number): MinerCounts {
  return { total, active: total, inactive: 0, dead: 0 };
}

/** The replaced pool calls, each answering well unless a test says otherwise. */
function serve({ total = 3 }: { total?: number } = {}) {
  return {
    miners: vi.spyOn(poolApi, 'miners').mockImplementation(listOf(total)),
    counts: vi.spyOn(poolApi, 'minerCounts').mockResolvedValue(counts(total)),
    groups: vi.spyOn(poolApi, 'groups').mockResolvedValue(GROUPS),
  };
}

async function open(path: string) {
  const { router, client } = await renderSignedIn(
    path,
    [
      { path: '/pool/:type/miner', element: <MinerPage /> },
      { path: '/pool/:type/miner/detail', element: <MinerDetailPage /> },
    ],
    { mine: MINE },
  );
  return { router, client, user: userEvent.setup() };
}

const at = (router: { state: { location: { pathname: string; search: string } } }) => router.state.location.pathname + router.state.location.search;
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const selectedText = () => screen.getByText(/^Selected: \d+$/).textContent;

describe('the worker list', () => {
  it('moves from a page that no longer exists to the last one', async () => {
    serve({ total: 12 });
    const { router } = await open('/pool/btc/miner?status=active&page=3');
    await waitFor(() => expect(at(router)).toBe('/pool/btc/miner?status=active&page=2'), { timeout: LONG });
    expect(await screen.findByText('rig-12', undefined, { timeout: LONG })).toBeTruthy();
    expect(screen.queryByText('No workers match these filters.')).toBeNull();
  });

  it('goes to page 1 when the list is now empty', async () => {
    serve({ total: 0 });
    const { router } = await open('/pool/btc/miner?page=4');
    await waitFor(() => expect(at(router)).toBe('/pool/btc/miner'), { timeout: LONG });
  });

  it('keeps only the selected workers still shown after a refresh, and clears only those', async () => {
    const api = serve();
    const clear = vi.spyOn(poolApi, 'clearWorkers').mockResolvedValue({ count: 1 });
    const { client, user } = await open('/pool/btc/miner');
    await screen.findByText('rig-1', undefined, { timeout: LONG });
    await user.click(within(rowOf('rig-1')).getByRole('checkbox'));
    await user.click(within(rowOf('rig-2')).getByRole('checkbox'));
    expect(selectedText()).toBe('Selected: 2');

    // The minute's refresh: rig-1 has left this page (cleared elsewhere, or re-sorted away).
    api.miners.mockResolvedValue({ list: [worker(2), worker(3)], total: 2 });
    await act(() => client.refetchQueries({ queryKey: ['pool'] }));
    await waitFor(() => expect(screen.queryByText('rig-1')).toBeNull());
    expect(selectedText()).toBe('Selected: 1');

    await user.click(screen.getByRole('button', { name: /Clear workers/ }));
    await user.click(await screen.findByText('Selected workers (1)'));
    await user.click(await screen.findByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(clear).toHaveBeenCalledTimes(1));
    expect(clear).toHaveBeenCalledWith('btc', 'farm01', 'selected', [2]);

    // rig-1 back on a later refresh is not ticked again.
    api.miners.mockResolvedValue({ list: [worker(1), worker(2)], total: 2 });
    await act(() => client.refetchQueries({ queryKey: ['pool'] }));
    await screen.findByText('rig-1');
    expect(selectedText()).toBe('Selected: 0');
  });

  it('shows a failed list with a retry, and no made-up count of all workers', async () => {
    const api = serve();
    api.miners.mockRejectedValueOnce(FAILED);
    api.counts.mockRejectedValue(FAILED);
    const { user } = await open('/pool/btc/miner');
    expect(await screen.findByText('The data could not be loaded.', undefined, { timeout: LONG })).toBeTruthy();
    const all = within(screen.getByRole('navigation', { name: 'Groups' })).getByRole('button', { name: /All workers/ });
    expect(all.textContent).toBe('All workers--');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('rig-1', undefined, { timeout: LONG })).toBeTruthy();
    expect(api.miners).toHaveBeenCalledTimes(2);
  });

  it('shows the real counts of a large farm in the status tabs', async () => {
    serve();
    vi.spyOn(poolApi, 'minerCounts').mockResolvedValue({ total: 123456, active: 120000, inactive: 3000, dead: 456 });
    await open('/pool/btc/miner');
    await screen.findByText('rig-1', undefined, { timeout: LONG });
    const tabs = screen.getByRole('tablist', { name: 'Worker status' });
    await waitFor(() => expect(tabs.textContent).toContain('123456'));
    expect(tabs.textContent).toContain('120000');
    expect(tabs.textContent).not.toContain('+');
  });

  it('goes back from a worker to the same filters and page', async () => {
    serve({ total: 12 });
    vi.spyOn(poolApi, 'miner').mockResolvedValue(worker(11));
    vi.spyOn(poolApi, 'minerHashrates').mockReturnValue(new Promise(() => {}));
    const { router, user } = await open('/pool/btc/miner?status=active&page=2');
    await user.click(await screen.findByRole('link', { name: 'rig-11' }, { timeout: LONG }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pool/btc/miner/detail'));
    await user.click(await screen.findByRole('link', { name: /All workers/ }, { timeout: LONG }));
    await waitFor(() => expect(at(router)).toBe('/pool/btc/miner?status=active&page=2'));
  });
});

describe('the worker detail', () => {
  it('offers a retry, not "not found", when the load failed', async () => {
    const miner = vi.spyOn(poolApi, 'miner').mockRejectedValueOnce(FAILED).mockResolvedValue(worker(7));
    vi.spyOn(poolApi, 'minerHashrates').mockReturnValue(new Promise(() => {}));
    vi.spyOn(poolApi, 'groups').mockResolvedValue(GROUPS);
    const { user } = await open('/pool/btc/miner/detail?id=7');
    expect(await screen.findByText('The data could not be loaded.', undefined, { timeout: LONG })).toBeTruthy();
    expect(screen.queryByText('Worker not found')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('farm01.rig-7', undefined, { timeout: LONG })).toBeTruthy();
    expect(miner).toHaveBeenCalledTimes(2);
  });

  it('says "not found" for a worker the server does not know', async () => {
    vi.spyOn(poolApi, 'miner').mockRejectedValue(GONE);
    vi.spyOn(poolApi, 'groups').mockResolvedValue(GROUPS);
    await open('/pool/btc/miner/detail?id=7');
    expect(await screen.findByText('Worker not found', undefined, { timeout: LONG })).toBeTruthy();
  });
});

describe('moving to a new group', () => {
  it('retries only the move once the group was created', async () => {
    const create = vi.fn().mockResolvedValue(42);
    const move = vi.fn().mockRejectedValueOnce(FAILED).mockResolvedValue(undefined);
    const onClose = vi.fn();
    renderAt('/', { frame: <MoveDialog count={2} groups={GROUPS} onCreate={create} onMove={move} onClose={onClose} /> });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', undefined, { timeout: LONG }));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
    const option = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === 'A new group…')!;
    await user.click(option);
    await user.type(await screen.findByRole('textbox', { name: 'Group name' }), 'Rack 7');
    await user.click(screen.getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(move).toHaveBeenCalledTimes(1));
    expect(create).toHaveBeenCalledWith('Rack 7');
    expect(move).toHaveBeenLastCalledWith(42, 'Rack 7');
    expect(onClose).not.toHaveBeenCalled();

    // The choice is now the group created: trying again moves, and creates nothing.
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Group name' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(move).toHaveBeenCalledTimes(2));
    expect(move).toHaveBeenLastCalledWith(42, 'Rack 7');
    expect(create).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
