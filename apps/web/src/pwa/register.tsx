/// <reference types="vite-plugin-pwa/vanillajs" />
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { registerSW } from 'virtual:pwa-register';

export const NEW_VERSION_TITLE = 'A new version of Bloomline is ready.';

function ReloadButton({ update }: { update: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="xs"
      mt="xs"
      loading={busy}
      onClick={() => {
        setBusy(true);
        void update();
      }}
    >
      Reload
    </Button>
  );
}

/**
 * Registers the service worker (after the page has loaded: main.tsx). A new release waits until the user
 * chooses Reload; then it takes over and every open window of the app reloads on it.
 */
export function registerServiceWorker() {
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () =>
      notifications.show({
        id: 'new-version',
        title: NEW_VERSION_TITLE,
        message: <ReloadButton update={() => update(true)} />,
        autoClose: false,
      }),
  });
}
