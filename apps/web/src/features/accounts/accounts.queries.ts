// The sub-account list as a query (header switcher and /user/account), keyed like the other
// user data by the session epoch.
import { useQuery } from '@tanstack/react-query';
import { useAccessToken, useSessionEpoch } from '../../shell/session/session';
import { accountsApi } from './accounts.api';
import { userKeys } from '../../shell/session/user.queries';

export function useAccounts(enabled = true) {
  const token = useAccessToken();
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: userKeys.accounts(epoch), queryFn: ({ signal }) => accountsApi.accounts(signal), enabled: enabled && token !== null, staleTime: 60_000 });
}
