// Mantine's base styles; each component's come with its code (vite.config.ts, mantineStylesWithComponents), and
// the date pickers' and the toasts' with the code that uses them.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';

import { createQueryClient } from '@/api/query-client';
import { afterFirstScreen, useAfterFirstScreen, whenNetworkQuiet } from '@/lib/after-first-screen';
import { createRouter } from '@/router';
import { cssVariablesResolver, theme } from '@/theme';

// The toasts' container (with its transitions) loads after the first screen; a toast shown before it is
// mounted waits in Mantine's store and appears once it is.
const Notifications = lazy(async () => ({
  default: (await import('@/layout/toasts')).Notifications,
}));

function Toasts() {
  const ready = useAfterFirstScreen();
  return ready ? (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  ) : null;
}

/**
 * Starts the app in two tasks of their own, after the one that evaluates its code: the router (it matches the
 * address against every route and starts loading the screen), then the first render. That render is a
 * transition: React renders it in slices between which the phone stays responsive, not in one long task (the
 * splash drawn by index.html stays until it is committed).
 */
function start() {
  const queryClient = createQueryClient();
  const router = createRouter();
  window.setTimeout(() => {
    const root = createRoot(document.getElementById('root')!);
    startTransition(() =>
      root.render(
        <StrictMode>
          <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
            <Toasts />
            <QueryClientProvider client={queryClient}>
              <RouterProvider router={router} />
            </QueryClientProvider>
          </MantineProvider>
        </StrictMode>,
      ),
    );
  }, 0);
}

window.setTimeout(start, 0);

// The service worker (offline start, new-order alerts) registers once the first screen is shown and its
// downloads have finished (the dashboard's orders part loads after the frame): its precache (the whole app)
// then never competes with that screen's code and answers.
if ('serviceWorker' in navigator) {
  afterFirstScreen(() =>
    whenNetworkQuiet(() => {
      void import('@/pwa/register').then((m) => m.registerServiceWorker());
    }),
  );
}
