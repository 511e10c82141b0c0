import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation } from 'react-router';

import type { CurrentUser } from '@bloomline/contract';

import { SessionContext } from '@/session/session-context';
import { cssVariablesResolver, theme } from '@/theme';

import { staffUser } from './users';

/** Renders a piece inside the providers the app gives it (theme, router). */
export function renderUi(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  return render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </MantineProvider>,
  );
}

export type RenderAppOptions = {
  user?: CurrentUser;
  /** The address history, oldest first; the last one is open. */
  history?: string[];
  /** Where `ui` is mounted. */
  path?: string;
  /** Other screens, by path, so that a test can see where the app went. */
  others?: Record<string, ReactElement>;
  /** The app's own query client (`createQueryClient`: retries, offline behaviour) instead of the test one. */
  queryClient?: QueryClient;
};

/** A fresh query client that never retries, so a failure shows at once. */
export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/**
 * Renders a screen the way the app does: theme, a fresh query client, a signed-in session and a data router
 * (so that blockers work), at the last address of `history`. Mantine's test mode drops transitions and
 * portals, so a dropdown's options are there at once.
 */
export function renderApp(
  ui: ReactElement,
  {
    user = staffUser,
    history = ['/'],
    path = '*',
    others = {},
    queryClient = testQueryClient(),
  }: RenderAppOptions = {},
) {
  const session = {
    user,
    signIn: async () => undefined,
    signOut: async () => undefined,
    refresh: async () => user,
    setCurrentUser: () => undefined,
  };
  const router = createMemoryRouter(
    [
      ...Object.entries(others).map(([otherPath, element]) => ({ path: otherPath, element })),
      { path, element: ui },
    ],
    { initialEntries: history, initialIndex: history.length - 1 },
  );
  const result = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={queryClient}>
        <SessionContext.Provider value={session}>
          <RouterProvider router={router} />
        </SessionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient, router };
}

/** Shows the address the app is at, for tests that follow navigation. */
export function Where() {
  const location = useLocation();
  return <output aria-label="Location">{location.pathname + location.search}</output>;
}
