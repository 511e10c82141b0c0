import { describe, expect, it } from 'vitest';

import { ALERT_TITLE_RED, contrastRatio, MIN_TEXT_CONTRAST } from './contrast';

describe('ALERT_TITLE_RED', () => {
  it('reads at 4.5:1 on a light red alert over the page grey, where red.9 (#c92a2a) falls short', () => {
    // The tint axe measured under an error alert on the page's background.
    const tint = '#f6e5e6';
    expect(contrastRatio(ALERT_TITLE_RED, tint)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio('#c92a2a', tint)).toBeLessThan(MIN_TEXT_CONTRAST);
  });
});
