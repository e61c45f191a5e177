// The pool calls (docs/rules.md, The API, "Pool"; paths and bodies as in apps/server
// mining.routes.ts). Shapes are the zod schemas of packages/shared used as types only, so zod stays
// out of the bundle. {account} is the sub-account's name, {pool} the coin code.
import type {
  accountStatsSchema,
  alertSettingsSchema,
  blockPageSchema,
  coinPageSchema,
  groupAlertSchema,
  groupSchema,
  hashrateSeriesSchema,
  HASHRATE_RANGES,
  messagePageSchema,
  minerCountsSchema,
  minerPageSchema,
  MinerRow,
  PoolStratum,
} from '@hashpool/shared';
import { api } from '../../shell/api/client';
import type { Parsed } from '../../shell/api/parsed';

export type { MinerRow };
export type AccountStats = Parsed<typeof accountStatsSchema>;
export type HashrateSeries = Parsed<typeof hashrateSeriesSchema>;
export type HashrateRange = (typeof HASHRATE_RANGES)[number];
export type MinerPage = Parsed<typeof minerPageSchema>;
export type MinerCounts = Parsed<typeof minerCountsSchema>;
export type WorkerGroup = Parsed<typeof groupSchema>;
export type AlertSettings = Parsed<typeof alertSettingsSchema>;
export type GroupAlert = Parsed<typeof groupAlertSchema>;
export type MessagePage = Parsed<typeof messagePageSchema>;
export type Message = MessagePage['list'][number];
export type BlockPage = Parsed<typeof blockPageSchema>;
export type BlockRow = BlockPage['list'][number];
export type CoinPage = Parsed<typeof coinPageSchema>;
export type { PoolStratum };

/** Which workers a clear removes: the selected ones, every inactive one, or every dead one. */
export type ClearMode = 'selected' | 'inactive' | 'dead';

/** Messages to act on: some by id, or all of the user's. */
export type MessageTarget = { ids: number[] } | { all: true };

export interface MessageQuery {
  page: number;
  page_size: number;
  type?: string;
  unread?: boolean;
}

const enc = encodeURIComponent;
const accountPath = (coin: string, account: string) => `/pools/${enc(coin)}/accounts/${enc(account)}`;

type Options = { signal?: AbortSignal; silent?: boolean };

export const poolApi = {
  stats: (coin: string, account: string, o?: Options) => api.get<AccountStats>(`${accountPath(coin, account)}/stats`, undefined, o),
  hashrates: (coin: string, account: string, range: HashrateRange, o?: Options) => api.get<HashrateSeries>(`${accountPath(coin, account)}/hashrates`, { range }, o),
  miners: (coin: string, account: string, query: Record<string, string | number>, o?: Options) => api.get<MinerPage>(`${accountPath(coin, account)}/miners`, query, o),
  minerCounts: (coin: string, account: string, o?: Options) => api.get<MinerCounts>(`${accountPath(coin, account)}/miners/stats`, undefined, o),
  groups: (coin: string, account: string, o?: Options) => api.get<WorkerGroup[]>(`${accountPath(coin, account)}/groups`, undefined, o),
  miner: (coin: string, account: string, id: number, o?: Options) => api.get<MinerRow>(`${accountPath(coin, account)}/miners/${id}`, undefined, o),
  minerHashrates: (coin: string, account: string, id: number, range: HashrateRange, o?: Options) =>
    api.get<HashrateSeries>(`${accountPath(coin, account)}/miners/${id}/hashrates`, { range }, o),

  // Silent: the name dialogs show a refusal (a name already taken) under the name field.
  createGroup: (coin: string, account: string, name: string) => api.post<WorkerGroup>(`/pools/${enc(coin)}/miners/groups`, { account, name }, { silent: true }),
  /** group null: back to the default group. */
  moveWorkers: (coin: string, account: string, workerIds: number[], group: number | null) =>
    api.put<{ count: number }>(`/pools/${enc(coin)}/miners`, { account, worker_ids: workerIds, group_id: group }),
  renameGroup: (id: number, name: string) => api.put<null>(`/miners/groups/${id}`, { name }, { silent: true }),
  deleteGroup: (id: number) => api.delete<null>(`/miners/groups/${id}`),
  clearWorkers: (coin: string, account: string, mode: ClearMode, workerIds?: number[]) =>
    api.delete<{ count: number }>(`${accountPath(coin, account)}/miners`, { mode, ...(mode === 'selected' ? { worker_ids: workerIds ?? [] } : {}) }),

  alertSettings: (coin: string, account: string, o?: Options) => api.get<AlertSettings>(`${accountPath(coin, account)}/alert-settings`, undefined, o),
  saveAlertSettings: (coin: string, account: string, settings: AlertSettings) => api.put<null>(`${accountPath(coin, account)}/alert-settings`, { ...settings }),
  groupAlerts: (coin: string, account: string, o?: Options) => api.get<GroupAlert[]>(`${accountPath(coin, account)}/group-alerts`, undefined, o),
  /** threshold in H/s; null removes the group's alarm. */
  saveGroupAlert: (id: number, threshold: number | null) => api.put<null>(`/miners/groups/${id}/alert-settings`, { hashrate_threshold: threshold }),

  messages: (query: MessageQuery, o?: Options & { silent?: boolean }) =>
    api.get<MessagePage>(
      '/messages',
      { page: query.page, page_size: query.page_size, ...(query.type ? { type: query.type } : {}), ...(query.unread ? { unread: 'true' } : {}) },
      o,
    ),
  markRead: (target: MessageTarget) => api.put<{ count: number }>('/messages/read', { ...target }),
  deleteMessages: (target: MessageTarget) => api.delete<{ count: number }>('/messages', { ...target }),

  // Public.
  poolHashrates: (coin: string, range: HashrateRange, o?: Options) => api.get<HashrateSeries>(`/pools/${enc(coin)}/hashrates`, { range }, o),
  networkHashrates: (coin: string, range: HashrateRange, o?: Options) => api.get<HashrateSeries>(`/pools/${enc(coin)}/network-hashrate`, { range }, o),
  /** Where the coin's miners connect: the stratum URLs its stratum processes announce (or the configured ones) and the login format. */
  stratum: (coin: string, o?: Options) => api.get<PoolStratum>(`/pools/${enc(coin)}/stratum`, undefined, o),
  blocks: (coin: string, page: number, pageSize: number, o?: Options) => api.get<BlockPage>(`/pools/${enc(coin)}/blocks`, { page, page_size: pageSize }, o),
  coinPages: (o?: Options) => api.get<CoinPage[]>('/pools/coin-pages', undefined, o),
};
