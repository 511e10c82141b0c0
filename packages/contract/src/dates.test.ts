import { describe, expect, it } from 'vitest';

import { todayInJohannesburg } from './dates';

describe('todayInJohannesburg', () => {
  it('turns the day at midnight in Johannesburg, also when asked again within the same minute', () => {
    expect(todayInJohannesburg(new Date('2026-11-23T21:59:59Z'))).toBe('2026-11-23');
    expect(todayInJohannesburg(new Date('2026-11-23T22:00:00Z'))).toBe('2026-11-24');
    expect(todayInJohannesburg(new Date('2026-11-23T22:00:59Z'))).toBe('2026-11-24');
    expect(todayInJohannesburg(new Date('2026-11-23T21:59:30Z'))).toBe('2026-11-23');
  });
});
