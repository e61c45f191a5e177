// TanStack Query hooks over the pool calls. A logged-in user's data is keyed by the session epoch
// (shell/session/session.ts: a login or logout starts afresh, a token refresh does not), then by coin and
// sub-account, so switching the current sub-account fetches the other one's data. Public data
// (pool and network charts, blocks) is shared by everyone and keyed by coin only.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAccessToken, useSessionEpoch } from '../../shell/session/session';
import { CHART_REFRESH_MS, LIVE_REFRESH_MS, PAGE_SIZE, UNREAD_REFRESH_MS } from './lib/constants';
import { minerListQuery, type MinerFilters } from './lib/miner-query';
import { poolApi, type AlertSettings, type ClearMode, type HashrateRange, type MessageQuery, type MessageTarget } from './mining.api';

export const poolKeys = {
  /** Everything of the logged-in user's pool data. */
  user: (epoch: number) => ['pool', epoch] as const,
  account: (epoch: number, coin: string, account: string) => ['pool', epoch, coin, account] as const,
  workers: (epoch: number, coin: string, account: string) => ['pool', epoch, coin, account, 'workers'] as const,
  messages: (epoch: number) => ['pool', epoch, 'messages'] as const,
  public: (coin: string) => ['pool-public', coin] as const,
};

/** The sub-account whose data a page shows: coin and name, or null when there is none yet. */
export interface AccountScope {
  coin: string;
  account: string;
}

function useAccountKey(scope: AccountScope) {
  return poolKeys.account(useSessionEpoch(), scope.coin, scope.account);
}

function useWorkersKey(scope: AccountScope) {
  return poolKeys.workers(useSessionEpoch(), scope.coin, scope.account);
}

/** Figures that change by the minute (hashrates, worker lists, blocks): fetched again every LIVE_REFRESH_MS. */
const LIVE = { refetchInterval: LIVE_REFRESH_MS } as const;
/** A list that pages or filters: live, and it keeps its rows while the next page loads instead of flashing empty. */
const LIVE_LIST = { ...LIVE, placeholderData: keepPreviousData } as const;
/** A hashrate chart: fetched again every CHART_REFRESH_MS, the last series kept while another range loads. */
const CHART = { refetchInterval: CHART_REFRESH_MS, placeholderData: keepPreviousData } as const;

export function useAccountStats(scope: AccountScope) {
  const key = useAccountKey(scope);
  return useQuery({ queryKey: [...key, 'stats'], queryFn: ({ signal }) => poolApi.stats(scope.coin, scope.account, { signal }), ...LIVE });
}

export function useAccountHashrates(scope: AccountScope, range: HashrateRange) {
  const key = useAccountKey(scope);
  return useQuery({ queryKey: [...key, 'hashrates', range], queryFn: ({ signal }) => poolApi.hashrates(scope.coin, scope.account, range, { signal }), ...CHART });
}

export function useMiners(scope: AccountScope, filters: MinerFilters) {
  const key = useWorkersKey(scope);
  const query = minerListQuery(filters);
  return useQuery({ queryKey: [...key, 'list', query], queryFn: ({ signal }) => poolApi.miners(scope.coin, scope.account, query, { signal }), ...LIVE_LIST });
}

export function useMinerCounts(scope: AccountScope) {
  const key = useWorkersKey(scope);
  return useQuery({ queryKey: [...key, 'counts'], queryFn: ({ signal }) => poolApi.minerCounts(scope.coin, scope.account, { signal }), ...LIVE });
}

export function useGroups(scope: AccountScope) {
  const key = useWorkersKey(scope);
  return useQuery({ queryKey: [...key, 'groups'], queryFn: ({ signal }) => poolApi.groups(scope.coin, scope.account, { signal }), ...LIVE });
}

export function useMiner(scope: AccountScope, id: number | null) {
  const key = useWorkersKey(scope);
  return useQuery({
    queryKey: [...key, 'detail', id],
    // Silent: the page says "worker not found" (or offers a retry) in place of a toast.
    queryFn: ({ signal }) => poolApi.miner(scope.coin, scope.account, id!, { signal, silent: true }),
    enabled: id !== null,
    ...LIVE,
  });
}

export function useMinerHashrates(scope: AccountScope, id: number | null, range: HashrateRange) {
  const key = useWorkersKey(scope);
  return useQuery({
    queryKey: [...key, 'detail', id, 'hashrates', range],
    queryFn: ({ signal }) => poolApi.minerHashrates(scope.coin, scope.account, id!, range, { signal }),
    enabled: id !== null,
    ...CHART,
  });
}

/**
 * Marks queries stale and refetches the shown ones in the background. Not returned to the
 * mutation: mutateAsync would then wait for every refetch, and the dialog and its confirmation
 * would wait for lists that have nothing to do with them.
 */
function refreshInBackground(queryClient: ReturnType<typeof useQueryClient>, ...keys: (readonly unknown[])[]): void {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

/**
 * Changes to workers and groups: afterwards every worker query of the sub-account (list, counts,
 * groups, details) and its dashboard figures are fetched again.
 */
export function useWorkerMutations(scope: AccountScope) {
  const queryClient = useQueryClient();
  const accountKey = useAccountKey(scope);
  const options = { onSettled: () => refreshInBackground(queryClient, accountKey) };
  return {
    createGroup: useMutation({ mutationFn: (name: string) => poolApi.createGroup(scope.coin, scope.account, name), ...options }),
    renameGroup: useMutation({ mutationFn: (v: { id: number; name: string }) => poolApi.renameGroup(v.id, v.name), ...options }),
    deleteGroup: useMutation({ mutationFn: (id: number) => poolApi.deleteGroup(id), ...options }),
    move: useMutation({ mutationFn: (v: { ids: number[]; group: number | null }) => poolApi.moveWorkers(scope.coin, scope.account, v.ids, v.group), ...options }),
    clear: useMutation({ mutationFn: (v: { mode: ClearMode; ids?: number[] }) => poolApi.clearWorkers(scope.coin, scope.account, v.mode, v.ids), ...options }),
  };
}

export function useAlertSettings(scope: AccountScope) {
  const key = useAccountKey(scope);
  return useQuery({ queryKey: [...key, 'alert-settings'], queryFn: ({ signal }) => poolApi.alertSettings(scope.coin, scope.account, { signal }) });
}

export function useSaveAlertSettings(scope: AccountScope) {
  const queryClient = useQueryClient();
  const epoch = useSessionEpoch();
  const key = useAccountKey(scope);
  return useMutation({
    mutationFn: (settings: AlertSettings) => poolApi.saveAlertSettings(scope.coin, scope.account, settings),
    // Saving also posts a "settings updated" message: the list and the badge change too.
    onSettled: () => refreshInBackground(queryClient, [...key, 'alert-settings'], poolKeys.messages(epoch)),
  });
}

/** The sub-account's worker groups with their 15-minute hashrate and alarm threshold. */
export function useGroupAlerts(scope: AccountScope) {
  const key = useAccountKey(scope);
  return useQuery({ queryKey: [...key, 'group-alerts'], queryFn: ({ signal }) => poolApi.groupAlerts(scope.coin, scope.account, { signal }), ...LIVE });
}

export function useSaveGroupAlert(scope: AccountScope) {
  const queryClient = useQueryClient();
  const epoch = useSessionEpoch();
  const key = useAccountKey(scope);
  return useMutation({
    mutationFn: (v: { id: number; threshold: number | null }) => poolApi.saveGroupAlert(v.id, v.threshold),
    // Like the account's settings, a group's threshold change is a "settings updated" message.
    onSettled: () => refreshInBackground(queryClient, [...key, 'group-alerts'], poolKeys.messages(epoch)),
  });
}

export function useMessages(query: MessageQuery) {
  const epoch = useSessionEpoch();
  return useQuery({
    queryKey: [...poolKeys.messages(epoch), 'list', query],
    queryFn: ({ signal }) => poolApi.messages(query, { signal }),
    refetchInterval: UNREAD_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** The unread count for the header badge: one message is the smallest page that carries it. */
export function useUnreadCount() {
  const epoch = useSessionEpoch();
  const token = useAccessToken();
  return useQuery({
    queryKey: [...poolKeys.messages(epoch), 'unread'],
    // Silent: a badge that failed to load is not worth a toast on every page.
    queryFn: ({ signal }) => poolApi.messages({ page: 1, page_size: 1 }, { signal, silent: true }).then((page) => page.unread),
    enabled: token !== null,
    refetchInterval: UNREAD_REFRESH_MS,
  });
}

export function useMessageMutations() {
  const queryClient = useQueryClient();
  const epoch = useSessionEpoch();
  const options = { onSettled: () => refreshInBackground(queryClient, poolKeys.messages(epoch)) };
  return {
    markRead: useMutation({ mutationFn: (target: MessageTarget) => poolApi.markRead(target), ...options }),
    remove: useMutation({ mutationFn: (target: MessageTarget) => poolApi.deleteMessages(target), ...options }),
  };
}

// Public data.

export function usePoolHashrates(coin: string, range: HashrateRange) {
  return useQuery({ queryKey: [...poolKeys.public(coin), 'hashrates', range], queryFn: ({ signal }) => poolApi.poolHashrates(coin, range, { signal }), ...CHART });
}

export function useNetworkHashrates(coin: string, range: HashrateRange) {
  return useQuery({ queryKey: [...poolKeys.public(coin), 'network', range], queryFn: ({ signal }) => poolApi.networkHashrates(coin, range, { signal }), ...CHART });
}

/** The coin's stratum endpoints (account-mode coins only: `enabled`); refreshed like the live figures, as processes come and go. */
export function usePoolStratum(coin: string, enabled: boolean) {
  return useQuery({ queryKey: [...poolKeys.public(coin), 'stratum'], queryFn: ({ signal }) => poolApi.stratum(coin, { signal }), enabled, ...LIVE });
}

export function useBlocks(coin: string, page: number, pageSize = PAGE_SIZE) {
  return useQuery({ queryKey: [...poolKeys.public(coin), 'blocks', page, pageSize], queryFn: ({ signal }) => poolApi.blocks(coin, page, pageSize, { signal }), ...LIVE_LIST });
}

export function useCoinPage(coin: string) {
  return useQuery({
    queryKey: ['pool-public', 'coin-pages'],
    queryFn: ({ signal }) => poolApi.coinPages({ signal }),
    ...LIVE,
    select: (pages) => pages.find((page) => page.coin === coin) ?? null,
  });
}
