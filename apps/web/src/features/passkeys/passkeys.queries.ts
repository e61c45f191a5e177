// TanStack Query hooks over the passkey calls, keyed by the session epoch.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSessionEpoch } from '../../shell/session/session';
import { passkeysApi } from './passkeys.api';

export const passkeyKeys = { list: (epoch: number) => ['passkeys', epoch, 'list'] as const };

export function usePasskeys() {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: passkeyKeys.list(epoch), queryFn: ({ signal }) => passkeysApi.list({ signal }) });
}

export function useReloadPasskeys(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: ['passkeys'] }), [queryClient]);
}
