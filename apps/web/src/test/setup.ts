import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// Mantine's toasts live in a module-level store that outlives a test's screen: a toast one test raised (a
// "Saved.", a changed partner) would otherwise still be an alert in the next test, or the next file's.
afterEach(() => {
  cleanup();
  notifications.clean();
});
// Files share a worker (isolate: false in vitest.config.ts): what one file stubbed must not reach the next.
afterAll(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

// findBy… waits up to 4 s: on a busy machine the first render of a screen can take longer than 1 s.
configure({ asyncUtilTimeout: 4000 });

// jsdom lacks these; Mantine reads them.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => undefined;
