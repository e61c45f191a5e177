// Applies routing-rules.ts to the current location before any page renders: forwards, coin rules,
// unknown paths, guest-only screens, login and permissions; then titles the tab for the route.
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { decideRoute } from '../shell/routing/routing-rules';
import { useViewer } from '../shell/session/viewer';
import { getNextDestination, setNextDestination } from '../shell/session/session';
import { PageSpinner } from '../ui/PageSpinner';
import { DocumentTitle } from './DocumentTitle';
import { ROUTE_TABLE } from './routes';

export function RouteGuard() {
  const location = useLocation();
  const viewer = useViewer();
  const decision = decideRoute(location, { ...viewer, returnTo: getNextDestination() }, ROUTE_TABLE);
  const arrived = decision.kind === 'render';
  useEffect(() => {
    // A login's or logout's destination is used once: by the first page rendered after it
    // (which may be the page it started from, when that one is public).
    if (arrived) setNextDestination(null);
  }, [arrived, location.key, viewer.loggedIn]);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'wait') return <PageSpinner />;
  return (
    <>
      <DocumentTitle route={decision.route} />
      <Outlet />
    </>
  );
}
