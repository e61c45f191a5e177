// The one data cache of the app, also used outside React (the login screens fill it before
// leaving, so the next page has the user and permissions at hand).
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The client already shows every failure; retrying would repeat the message.
    queries: { retry: false, refetchOnWindowFocus: false },
  },
});
