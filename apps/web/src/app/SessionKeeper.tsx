// Keeps the login honest while the app runs: starts the refresh timer, gives the session module a
// way to reach /login (with the way back), and loads the user once per login so a session the
// server no longer accepts ends at once (user.queries.ts) rather than on the next click; a switch
// of sub-account in another tab reloads the user here too.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useMine, userKeys } from '../shell/session/user.queries';
import { clearSession, readSession, setLoginNavigator, subscribeAccountSwitch, subscribeSession } from '../shell/session/session';
import { LOGIN_PATH, loginRedirect } from '../shell/routing/routing-rules';

export function SessionKeeper() {
  const navigate = useNavigate();
  const location = useLocation();
  useMine();
  const queryClient = useQueryClient();

  // Another tab switched the sub-account: what this tab shows (the header's name, balances) is the new one's.
  useEffect(() => subscribeAccountSwitch(() => void queryClient.invalidateQueries({ queryKey: userKeys.all })), [queryClient]);

  // The refresh timer and its code load with the first session: a logged-out visit never needs
  // them. A failed load ends the session as the API client does (shell/api/client.ts).
  useEffect(() => {
    const start = () => {
      if (!readSession()) return;
      unsubscribe();
      import('../shell/api/session-refresh').then(({ startSessionKeeper }) => startSessionKeeper(), clearSession);
    };
    const unsubscribe = subscribeSession(start);
    start();
    return unsubscribe;
  }, []);

  useEffect(() => {
    setLoginNavigator(() => {
      // Already on the login screen: stay, keeping its own way back.
      if (location.pathname !== LOGIN_PATH) void navigate(loginRedirect(location), { replace: true });
    });
    return () => setLoginNavigator(null);
  }, [navigate, location]);

  return null;
}
