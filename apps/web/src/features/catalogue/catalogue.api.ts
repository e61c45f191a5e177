// The catalogue calls (paths as in apps/server catalogue.routes.ts): the ranking at an electricity
// price, a model, the coins' market figures for the calculators, and the operators' edits.
import type { CoinMarketItem, MinerModel, MinerModelBody, MinerRankingItem, minerDetailSchema } from '@hashpool/shared';
import { api } from '../../shell/api/client';
import type { Parsed } from '../../shell/api/parsed';

export type { CoinMarketItem, MinerModel, MinerModelBody, MinerRankingItem };
export type MinerDetail = Parsed<typeof minerDetailSchema>;
export interface Ranking {
  list: MinerRankingItem[];
  vendors: string[];
  algorithms: string[];
}

type Options = { signal?: AbortSignal; silent?: boolean };

export const catalogueApi = {
  ranking: (electricityUsd: number, o?: Options) => api.get<Ranking>('/miners/ranking', { electricity: electricityUsd }, o),
  market: (o?: Options) => api.get<{ list: CoinMarketItem[] }>('/miners/market', undefined, o),
  miner: (id: number, o?: Options) => api.get<MinerDetail>(`/miners/${id}`, undefined, o),
  adminList: (o?: Options) => api.get<{ list: MinerModel[] }>('/admin/miners', undefined, o),
  save: (body: MinerModelBody, id?: number) =>
    id === undefined ? api.post<MinerModel>('/admin/miners', { ...body }, { silent: true }) : api.put<MinerModel>(`/admin/miners/${id}`, { ...body }, { silent: true }),
};
