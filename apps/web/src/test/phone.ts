import { afterEach, beforeEach } from 'vitest';

/**
 * Makes the window phone-sized for each test of the calling `describe` (jsdom answers every media query
 * with false, the desktop): a phone is narrower than every breakpoint, so each `max-width` query matches
 * (`PHONE_QUERY` among them) and each `min-width` query does not.
 */
export function onPhone() {
  const desktop = window.matchMedia.bind(window);
  beforeEach(() => {
    window.matchMedia = (query: string) => ({ ...desktop(query), matches: query.includes('max-width') });
  });
  afterEach(() => {
    window.matchMedia = desktop;
  });
}
