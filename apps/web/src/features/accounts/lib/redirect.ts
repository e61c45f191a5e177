// Where to go after logging in: the `redirect` query parameter when it is a path of this app,
// home otherwise. Anything else (another origin, "//evil.example", a guest-only screen such as
// /login itself) is ignored, so a crafted link cannot send a freshly logged-in user off-site or
// round in circles. Public and gated pages, /login/oauth/authorize included, are fine.
import type { RouteMeta } from '../../../shell/routing/route-table';
import { findRoute, HOME_PATH, normalizePath } from '../../../shell/routing/routing-rules';

/** `routes`: the route table (useRouteTable), which says which paths are guest-only. */
export function afterLoginPath(search: string, routes: readonly RouteMeta[]): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return HOME_PATH;
  const pathname = new URL(target, 'http://local').pathname;
  if (findRoute(normalizePath(pathname), routes)?.access === 'guest') return HOME_PATH;
  return target;
}
