// Rendering a piece of the app for a component test: a fresh data cache (optionally filled, so no
// request is made), the toasts, and a memory router at `path` whose pages all show where they are
// (the `location` test id), so a test reads where the guard sent the visitor.
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { FeedbackProvider } from '../../src/shell/feedback/feedback';
import { getSessionEpoch, writeSession } from '../../src/shell/session/session';
import { userKeys } from '../../src/shell/session/user.queries';

/** Stands for any page: says the path and query it is shown at. */
export function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{pathname + search}</div>;
}

export interface RenderOptions {
  /** Query data put in the cache before the first render. */
  cached?: Array<[readonly unknown[], unknown]>;
  /** Shown around the routed page (the layout's parts under test). */
  frame?: ReactNode;
  /** The element the pages are nested under (the route guard under test). */
  guard?: ReactNode;
}

export function renderAt(path: string, { cached = [], frame, guard }: RenderOptions = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  for (const [key, data] of cached) client.setQueryData(key, data);
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            {frame}
            <Outlet />
          </>
        ),
        children: [{ element: guard ?? <Outlet />, children: [{ path: '*', element: <Where /> }] }],
      },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={client}>
      <FeedbackProvider>
        <RouterProvider router={router} />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, client };
}

/**
 * The app's pages themselves at `path`, as a signed-in user whose GET /users/mine answer is
 * `mine` (in the cache with the rest of `cached`, keyed by the session's epoch: pass a function of
 * it). Rendered inside act(), so the first queries have settled when it answers.
 */
export async function renderSignedIn(
  path: string,
  routes: Array<{ path: string; element: ReactNode }>,
  { mine, cached = () => [] }: { mine: unknown; cached?: (epoch: number) => Array<[readonly unknown[], unknown]> },
) {
  writeSession({ token: 'access-token', refreshToken: 'refresh-token', expiry: Date.now() + 3_600_000, issuedAt: Date.now() }, 'login');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  const epoch = getSessionEpoch();
  client.setQueryData(userKeys.mine(epoch), mine);
  for (const [key, data] of cached(epoch)) client.setQueryData(key, data);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <FeedbackProvider>
          <RouterProvider router={router} />
        </FeedbackProvider>
      </QueryClientProvider>,
    );
  });
  return { router, client };
}

/**
 * A window whose media queries answer `matches` (a phone's width, reduced motion), until the test's
 * globals are unstubbed.
 */
export function stubMediaQueries(matches: (query: string) => boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}
