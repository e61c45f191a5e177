// Keeps the login honest while the app runs: starts the refresh timer, gives the session module a
// way to reach /login (with the way back), and loads the user once per login so a session the
// server no longer accepts ends at once (user.queries.ts) rather than on the next click.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { startSessionKeeper } from '../shell/api/session-refresh';
import { useMine } from '../shell/session/user.queries';
import { setLoginNavigator } from '../shell/session/session';
import { LOGIN_PATH, loginRedirect } from '../shell/routing/routing-rules';

export function SessionKeeper() {
  const navigate = useNavigate();
  const location = useLocation();
  useMine();

  useEffect(() => startSessionKeeper(), []);

  useEffect(() => {
    setLoginNavigator(() => {
      // Already on the login screen: stay, keeping its own way back.
      if (location.pathname !== LOGIN_PATH) void navigate(loginRedirect(location), { replace: true });
    });
    return () => setLoginNavigator(null);
  }, [navigate, location]);

  return null;
}
