import { Alert, Button, Card, Loader, Stack, Switch, Text } from '@mantine/core';
import { IconDeviceMobile, IconVolume } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

import { isApiError } from '@/api/client';
import { useUser } from '@/session/session-context';
import { FormPage } from '@/ui/form';
import { FormError } from '@/ui/form-error';
import { QueryError } from '@/ui/query-error';

import { useAlertPreferences, useSaveAlertPreferences } from '../api/alert-preferences';
import {
  PermissionRefused,
  pushSupport,
  subscribeThisDevice,
  thisDeviceSubscribed,
  unsubscribeThisDevice,
} from '../api/this-device';
import type { PushSupport } from '../api/this-device';
import { chimeOnce, unlockAudio } from '../components/chime';

const TITLE = 'New-order alerts';
export const IPHONE_HINT =
  'On iPhone, add Bloomline to your home screen first (Share → Add to Home Screen), then turn alerts on.';
export const UNSUPPORTED_HINT =
  'Alerts on the lock screen are not available in this browser. While Bloomline is open it still shows and sounds new orders.';
const BLOCKED =
  'Notifications are blocked for Bloomline in this browser. Allow them in the site settings, then try again.';

/** /alerts: a partner user's new-order alerts on this device and the chime, each a switch. */
export function AlertSettingsPage() {
  const user = useUser();
  if (!user.partner) {
    return (
      <FormPage title={TITLE} width={760} card={false}>
        <Text>New-order alerts are for the users of a partner.</Text>
      </FormPage>
    );
  }
  return (
    <FormPage title={TITLE} width={760} card={false}>
      <AlertSettings />
    </FormPage>
  );
}

function AlertSettings() {
  const preferences = useAlertPreferences();
  const save = useSaveAlertPreferences();
  const [support, setSupport] = useState<PushSupport | null>(null);
  const [subscribed, setSubscribed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      const s = await pushSupport();
      const on = s === 'supported' ? await thisDeviceSubscribed() : false;
      if (live) {
        setSupport(s);
        setSubscribed(on);
      }
    })();
    return () => {
      live = false;
    };
  }, []);

  if (preferences.isPending || support === null)
    return <Loader role="status" aria-label="Loading your alert settings" />;
  if (preferences.isError) return <QueryError query={preferences} />;
  const prefs = preferences.data;
  const pushable = support === 'supported';
  const alertsChecked = prefs.alerts && (!pushable || subscribed);

  const setAlerts = async (on: boolean) => {
    setBusy(true);
    setError(null);
    try {
      if (pushable) {
        if (on) await subscribeThisDevice();
        else await unsubscribeThisDevice();
        setSubscribed(on);
      }
      await save.mutateAsync({ alerts: on });
      if (on) await unlockAudio();
    } catch (err) {
      setError(err instanceof PermissionRefused ? BLOCKED : err);
    } finally {
      setBusy(false);
    }
  };

  const setSound = async (on: boolean) => {
    setError(null);
    try {
      await save.mutateAsync({ sound: on });
      if (on && (await unlockAudio())) chimeOnce();
    } catch (err) {
      setError(err);
    }
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Text size="sm">
          A new order for your business shows on this phone&apos;s lock screen, and the open app plays a chime
          until someone accepts the order.
        </Text>
        {support === 'ios-home-screen' && (
          <Alert color="blue" variant="light" icon={<IconDeviceMobile aria-hidden />} title="iPhone">
            <Text size="sm">{IPHONE_HINT}</Text>
          </Alert>
        )}
        {support === 'unsupported' && <Text size="sm">{UNSUPPORTED_HINT}</Text>}
        <Switch
          size="md"
          label="New-order alerts on this device"
          description={
            pushable
              ? 'Turning this on asks the browser for permission to show notifications.'
              : 'Banner and chime while Bloomline is open.'
          }
          checked={alertsChecked}
          disabled={busy}
          onChange={(e) => void setAlerts(e.currentTarget.checked)}
        />
        <Switch
          size="md"
          label="Play a sound for new orders"
          description="A chime every few seconds until the order is accepted or you press Silence."
          checked={prefs.sound}
          disabled={busy || save.isPending}
          onChange={(e) => void setSound(e.currentTarget.checked)}
        />
        <div>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconVolume size={16} aria-hidden />}
            onClick={() => void unlockAudio().then((ok) => ok && chimeOnce())}
          >
            Play the chime
          </Button>
        </div>
        {busy && <Loader size="sm" role="status" aria-label="Saving" />}
        <FormError error={isApiError(error) && error.status === 422 ? firstFieldError(error) : error} />
      </Stack>
    </Card>
  );
}

/** A 422's first field message (the browser's subscription refused by the server), or its message. */
function firstFieldError(error: { message: string; errors: Record<string, string[]> }): string {
  return Object.values(error.errors)[0]?.[0] ?? error.message;
}
