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

/**
 * Makes the window `width` pixels wide for each test of the calling `describe`: `min-width` and `max-width`
 * queries (in em of 16 px, as Mantine's breakpoints) answer as a browser of that width would.
 */
export function atWidth(width: number) {
  const desktop = window.matchMedia.bind(window);
  const px = (value: string, unit: string) => Number(value) * (unit === 'em' ? 16 : 1);
  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(em|px)\)/g)].every(
      ([, edge, value = '0', unit = 'px']) =>
        edge === 'min' ? width >= px(value, unit) : width <= px(value, unit),
    );
  beforeEach(() => {
    window.matchMedia = (query: string) => ({ ...desktop(query), matches: matches(query) });
  });
  afterEach(() => {
    window.matchMedia = desktop;
  });
}
