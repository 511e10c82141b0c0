import { describe, expect, it } from 'vitest';

import { TIME_ZONE, TIME_ZONE_OFFSET, TIME_ZONE_OFFSET_MS, todayInJohannesburg } from './dates';

describe('todayInJohannesburg', () => {
  it('turns the day at midnight in Johannesburg, also when asked again within the same minute', () => {
    expect(todayInJohannesburg(new Date('2026-11-23T21:59:59Z'))).toBe('2026-11-23');
    expect(todayInJohannesburg(new Date('2026-11-23T22:00:00Z'))).toBe('2026-11-24');
    expect(todayInJohannesburg(new Date('2026-11-23T22:00:59Z'))).toBe('2026-11-24');
    expect(todayInJohannesburg(new Date('2026-11-23T21:59:30Z'))).toBe('2026-11-23');
  });
});

describe('the Johannesburg offset', () => {
  it('is the zone’s own offset all year, in every form the product uses', () => {
    // The zone's clock, as Intl knows it, at midnight UTC on days across the year (no daylight saving).
    for (const day of ['2026-01-15', '2026-04-01', '2026-07-15', '2026-10-31']) {
      const utc = new Date(`${day}T00:00:00Z`);
      expect(new Date(`${day}T00:00:00${TIME_ZONE_OFFSET}`).getTime()).toBe(
        utc.getTime() - TIME_ZONE_OFFSET_MS,
      );
      const hour = new Intl.DateTimeFormat('en-GB', {
        timeZone: TIME_ZONE,
        hour: '2-digit',
        hourCycle: 'h23',
      });
      expect(Number(hour.format(utc))).toBe(TIME_ZONE_OFFSET_MS / 3_600_000);
    }
    expect(TIME_ZONE_OFFSET).toBe('+02:00');
  });
});
