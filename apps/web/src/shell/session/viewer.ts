// Who is looking: logged in or not, which permissions they hold (docs/rules.md, Routes and access) and whether
// they are an operator. With no session the permissions are empty; with one they come from
// GET /permissions/current, once per login (a token refresh keeps them: see the epoch in
// session.ts).
import { useQuery } from '@tanstack/react-query';
import { permissionsQuery } from './user.queries';
import { useAccessToken, useSessionEpoch } from './session';
import { observerAccess, useObserverInfo, useObserverToken } from './observer';
import type { Viewer } from '../routing/routing-rules';

const NO_PERMISSIONS: readonly string[] = [];

export function useViewer(): Viewer {
  const token = useAccessToken();
  const epoch = useSessionEpoch();
  const permissions = useQuery({ ...permissionsQuery(epoch), enabled: token !== null });
  // An observer link (observer.ts) decides what this tab shows, whoever is logged in.
  const observerToken = useObserverToken();
  const observer = useObserverInfo();
  if (observerToken !== null) {
    if (!observer.data) return { loggedIn: !observer.isError, permissions: observer.isError ? NO_PERMISSIONS : null };
    const granted = observerAccess(observer.data);
    return { loggedIn: true, permissions: granted.permissions, observerPaths: granted.paths };
  }
  if (token === null) return { loggedIn: false, permissions: NO_PERMISSIONS };
  if (permissions.isPending) return { loggedIn: true, permissions: null };
  return {
    loggedIn: true,
    permissions: permissions.data?.permissions ?? NO_PERMISSIONS,
    admin: permissions.data?.is_admin ?? false,
    operatorRoles: permissions.data?.operator_roles ?? NO_PERMISSIONS,
  };
}

/** The operator roles the viewer holds (none while anonymous or loading). */
export function useOperatorRoles(): readonly string[] {
  return useViewer().operatorRoles ?? NO_PERMISSIONS;
}

/** An operator: the admin area and its menu item are theirs. False while anonymous or loading. */
export function useIsAdmin(): boolean {
  return useViewer().admin === true;
}

/** Holds an operator role or is an admin (whom operators' alerts reach). False while anonymous or loading. */
export function useIsOperator(): boolean {
  const viewer = useViewer();
  return viewer.admin === true || (viewer.operatorRoles?.length ?? 0) > 0;
}

/** The permissions held now; empty while anonymous or still loading. */
export function usePermissions(): readonly string[] {
  return useViewer().permissions ?? NO_PERMISSIONS;
}
