import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';

import { createQueryClient } from '@/api/query-client';
import { createRouter } from '@/router';
import { cssVariablesResolver, theme } from '@/theme';

// The toasts' container (with its transitions) loads after the first screen; a toast shown before it is
// mounted waits in Mantine's store and appears once it is.
const Notifications = lazy(async () => ({
  default: (await import('@/layout/toasts')).Notifications,
}));

const queryClient = createQueryClient();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Suspense fallback={null}>
        <Notifications position="top-right" />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

// The service worker (offline start, new-order alerts) registers once the first screen has loaded.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void import('@/pwa/register').then((m) => m.registerServiceWorker());
  });
}
