import { alertRoutes, type PushSubscriptionBody } from '@bloomline/contract';

import { call } from '@/api/call';

/**
 * This browser's push subscription for new-order alerts. The service worker (`sw.ts`, registered by the app's
 * PWA set-up) shows what arrives; here the device subscribes with the server's VAPID key and tells the server.
 */

export type PushSupport = 'supported' | 'ios-home-screen' | 'unsupported';

/** iPhone and iPad Safari outside an app installed on the home screen: Web Push needs the installed app. */
export function isIosBrowserTab(): boolean {
  const ua = navigator.userAgent;
  const ios = /iPad|iPhone|iPod/.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
  const standalone =
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return ios && !standalone;
}

/** Whether this browser can receive alerts on the lock screen, and if not, why. */
export async function pushSupport(): Promise<PushSupport> {
  if (isIosBrowserTab()) return 'ios-home-screen';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  // Without a service worker of the app's own (a development build, a private window) there is none to push to.
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  return registration ? 'supported' : 'unsupported';
}

const ID_KEY = 'bloomline.push-subscription-id';

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/** Whether this device is subscribed (and the server was told: its id is kept). */
export async function thisDeviceSubscribed(): Promise<boolean> {
  if ((await pushSupport()) !== 'supported') return false;
  const sub = await (await registration()).pushManager.getSubscription();
  return sub !== null && localStorage.getItem(ID_KEY) !== null;
}

export class PermissionRefused extends Error {}

/** Asks for permission, subscribes this device with the server's key and stores it on the server. */
export async function subscribeThisDevice(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PermissionRefused();
  const { data } = await call(alertRoutes.publicKey, {});
  const reg = await registration();
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(data.publicKey),
    }));
  const saved = await call(
    alertRoutes.subscribe,
    // The browser's own description of the subscription, which the server's schema checks.
    { body: sub.toJSON() as PushSubscriptionBody },
    { handles: [422] },
  );
  localStorage.setItem(ID_KEY, String(saved.data.id));
}

/** Unsubscribes this device and tells the server to forget it (already forgotten is fine). */
export async function unsubscribeThisDevice(): Promise<void> {
  const id = localStorage.getItem(ID_KEY);
  localStorage.removeItem(ID_KEY);
  if ((await pushSupport()) === 'supported') {
    const sub = await (await registration()).pushManager.getSubscription();
    await sub?.unsubscribe();
  }
  if (id) await call(alertRoutes.unsubscribe, { params: { id } }, { handles: [404] }).catch(() => undefined);
}

function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
