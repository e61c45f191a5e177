// TanStack Query hooks over the OAuth calls, keyed by the session epoch.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionEpoch } from '../../shell/session/session';
import { oauthApi } from './oauth.api';

export const oauthKeys = {
  all: (epoch: number) => ['oauth', epoch] as const,
  interaction: (epoch: number, uid: string) => ['oauth', epoch, 'interaction', uid] as const,
  authorizations: (epoch: number) => ['oauth', epoch, 'authorizations'] as const,
  clients: (epoch: number) => ['oauth', epoch, 'clients'] as const,
};

export function useInteraction(uid: string, enabled: boolean) {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: oauthKeys.interaction(epoch, uid), queryFn: ({ signal }) => oauthApi.interaction(uid, { signal }), enabled: enabled && uid !== '', retry: false, staleTime: Infinity });
}

export function useAuthorizations() {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: oauthKeys.authorizations(epoch), queryFn: ({ signal }) => oauthApi.authorizations({ signal }) });
}

export function useClients() {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: oauthKeys.clients(epoch), queryFn: ({ signal }) => oauthApi.clients({ signal }) });
}

export function useOAuthRefresh() {
  const queryClient = useQueryClient();
  const epoch = useSessionEpoch();
  return () => queryClient.invalidateQueries({ queryKey: oauthKeys.all(epoch) });
}
