import { afterEach, beforeEach } from 'vitest';

import { PHONE_QUERY } from '@/ui/phone';

/**
 * Makes the window phone-sized for each test of the calling `describe` (jsdom answers every media query
 * with false, the desktop): `PHONE_QUERY` matches, and only it.
 */
export function onPhone() {
  const desktop = window.matchMedia.bind(window);
  beforeEach(() => {
    window.matchMedia = (query: string) => ({ ...desktop(query), matches: query === PHONE_QUERY });
  });
  afterEach(() => {
    window.matchMedia = desktop;
  });
}
