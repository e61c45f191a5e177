// The end of every way in (login, its second step, registration): keep the tokens, load the user
// and permissions (docs/rules.md, Routes and access), and go back where the visitor came from (?redirect=).
import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { startSession, type Tokens } from '../accounts.api';
import { mineQuery, permissionsQuery } from '../../../shell/session/user.queries';
import { queryClient } from '../../../shell/query-client';
import { setNextDestination } from '../../../shell/session/session';
import { useRouteTable } from '../../../shell/routing/route-table-context';
import { afterLoginPath } from './redirect';

export function useFinishLogin(): (tokens: Tokens) => void {
  const { search } = useLocation();
  const { routes } = useRouteTable();
  return useCallback(
    (tokens: Tokens) => {
      // The guard moves this guest-only screen on to the destination as soon as the session exists.
      setNextDestination(afterLoginPath(search, routes));
      startSession(tokens);
      void queryClient.prefetchQuery(mineQuery());
      void queryClient.prefetchQuery(permissionsQuery());
    },
    [search, routes],
  );
}
