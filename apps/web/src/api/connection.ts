import { useSyncExternalStore } from 'react';

/**
 * Whether the screens show live data. `offline` is the browser's word or an answer the service worker took
 * from its cache (the server could not be reached); `savedAt` is when the oldest such answer was saved, until
 * a fresh answer arrives.
 */
export interface Connection {
  offline: boolean;
  savedAt: string | null;
}

const browserOffline = () => typeof navigator !== 'undefined' && !navigator.onLine;

let state: Connection = { offline: browserOffline(), savedAt: null };
const listeners = new Set<() => void>();

function set(next: Connection) {
  if (next.offline === state.offline && next.savedAt === state.savedAt) return;
  state = next;
  listeners.forEach((fn) => fn());
}

/** The API client reports each successful answer: kept (with the time it was saved) or fresh (null). */
export function reportAnswer(savedAt: string | null) {
  if (savedAt) {
    const oldest = state.savedAt && state.savedAt < savedAt ? state.savedAt : savedAt;
    set({ offline: true, savedAt: oldest });
  } else if (state.savedAt) {
    set({ offline: browserOffline(), savedAt: null });
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => set({ ...state, offline: true }));
  window.addEventListener('online', () => set({ ...state, offline: state.savedAt !== null }));
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

export const connectionNow = () => state;

export const useConnection = () => useSyncExternalStore(subscribe, connectionNow, connectionNow);
