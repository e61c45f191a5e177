// Observer mode in the frame (mounted by app/layout): the banner that says whose sub-account is
// shown and that it is read-only, and the keeper that holds the token in the address while the
// visitor moves between the link's pages and, when the server refuses the token (expired,
// revoked, unknown), shows its message and goes to the login page.
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { OBSERVER_TOKEN_PARAM } from '@hashpool/shared';
import { adoptsObserverToken, clearObserverRefusal, leaveObserverView, observerRefused, observerTokenIn, setObserverToken, useObserverInfo, useObserverRefusal, useObserverToken } from '../../../shell/session/observer';
import { LOGIN_PATH } from '../../../shell/routing/routing-rules';
import { ApiError } from '../../../shell/api/api-error';
import { useToast } from '../../../ui/toast';

export function ObserverKeeper() {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const token = useObserverToken();
  const refusal = useObserverRefusal();
  const info = useObserverInfo();
  const inAddress = observerTokenIn(location.search);

  // Leave observer view: home first (a public page), then the mode ends, so the guard never sees
  // a gated page without its observer.
  const leaving = (location.state as { leaveObserver?: boolean } | null)?.leaveObserver === true;
  useEffect(() => {
    if (leaving) leaveObserverView();
  }, [leaving]);

  // A link opened inside the app (another token in the address) starts its own view.
  useEffect(() => {
    if (!leaving && adoptsObserverToken(inAddress)) setObserverToken(inAddress);
  }, [inAddress, token, leaving]);

  // The token itself refused on GET /users/observer/info: the same end as a refused call.
  useEffect(() => {
    const error = info.error;
    if (error instanceof ApiError && error.kind === 'server' && error.status === 401) observerRefused(error.message);
  }, [info.error]);

  useEffect(() => {
    if (refusal === null) return;
    toast.error(refusal);
    clearObserverRefusal();
    void navigate(LOGIN_PATH, { replace: true });
  }, [refusal, toast, navigate]);

  if (token && !inAddress && refusal === null && !leaving) {
    const search = new URLSearchParams(location.search);
    search.set(OBSERVER_TOKEN_PARAM, token);
    return <Navigate replace to={{ pathname: location.pathname, search: `?${search.toString()}`, hash: location.hash }} />;
  }
  return null;
}

// The banner's code (antd's Alert) and texts load only in observer mode: off everyone's first screen.
const Banner = lazy(() => import('./ObserverBannerContent'));

/** Only in observer mode: visitors never load the observers texts for it. */
export function ObserverBanner() {
  const token = useObserverToken();
  const info = useObserverInfo();
  if (!token || !info.data) return null;
  return (
    <Suspense fallback={null}>
      <Banner info={info.data} />
    </Suspense>
  );
}
