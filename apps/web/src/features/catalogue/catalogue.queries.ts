// TanStack Query hooks over the catalogue calls. The ranking and the market figures are public;
// the operators' list is keyed by the session epoch.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionEpoch } from '../../shell/session/session';
import { catalogueApi } from './catalogue.api';

export const catalogueKeys = {
  ranking: (electricityUsd: number) => ['catalogue', 'ranking', electricityUsd] as const,
  market: () => ['catalogue', 'market'] as const,
  miner: (id: number) => ['catalogue', 'miner', id] as const,
  admin: (epoch: number) => ['catalogue', 'admin', epoch] as const,
};

export function useRanking(electricityUsd: number | null) {
  return useQuery({
    queryKey: catalogueKeys.ranking(electricityUsd ?? 0),
    queryFn: ({ signal }) => catalogueApi.ranking(electricityUsd!, { signal }),
    enabled: electricityUsd !== null,
    placeholderData: keepPreviousData,
  });
}

export function useMarket() {
  return useQuery({ queryKey: catalogueKeys.market(), queryFn: ({ signal }) => catalogueApi.market({ signal }) });
}

export function useMiner(id: number) {
  return useQuery({ queryKey: catalogueKeys.miner(id), queryFn: ({ signal }) => catalogueApi.miner(id, { signal, silent: true }), retry: false });
}

export function useAdminMiners() {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: catalogueKeys.admin(epoch), queryFn: ({ signal }) => catalogueApi.adminList({ signal }) });
}

export function useCatalogueRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['catalogue'] });
}
