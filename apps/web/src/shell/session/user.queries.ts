// The logged-in user's data as TanStack queries. Keys carry the session epoch (session.ts):
// a refresh keeps them, a login or logout (here or in another tab) starts them afresh.
import { useQuery } from '@tanstack/react-query';
import { endSession, getSessionEpoch, useAccessToken, useSessionEpoch } from './session';
import { ApiError } from '../api/api-error';
import { userApi, type PermissionSet, type UserMine } from './user.api';

export const userKeys = {
  all: ['user'] as const,
  mine: (epoch: number) => ['user', epoch, 'mine'] as const,
  permissions: (epoch: number) => ['user', epoch, 'permissions'] as const,
  accounts: (epoch: number) => ['user', epoch, 'accounts'] as const,
  logs: (epoch: number, page: number) => ['user', epoch, 'logs', page] as const,
};

/**
 * GET /users/mine. docs/rules.md, States and transitions: a 400 from it logs out and goes to /login. 401 too: the
 * server answers it for a token it no longer knows (revoked by a password change elsewhere, a
 * cancellation), which is the same situation. 40001 never gets here: the client refreshes and
 * reloads first.
 */
export async function fetchMine(signal?: AbortSignal): Promise<UserMine> {
  try {
    return await userApi.mine(signal);
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'server' && (error.status === 400 || error.status === 401)) endSession();
    throw error;
  }
}

export function mineQuery(epoch: number = getSessionEpoch()) {
  return { queryKey: userKeys.mine(epoch), queryFn: ({ signal }: { signal: AbortSignal }) => fetchMine(signal), staleTime: 60_000 };
}

export function permissionsQuery(epoch: number = getSessionEpoch()) {
  return {
    queryKey: userKeys.permissions(epoch),
    // Silent: a failure here means "no permissions", and the guard sends the user on from there.
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<PermissionSet> => userApi.permissions(signal),
    staleTime: Infinity,
  };
}

/** The logged-in user, or undefined while anonymous or loading. */
export function useMine() {
  const token = useAccessToken();
  const epoch = useSessionEpoch();
  return useQuery({ ...mineQuery(epoch), enabled: token !== null });
}
