import { describe, expect, it } from 'vitest';

import { todayInJohannesburg } from './dates';
import { offlineTimeCreateBody, offlineTimeUpdateBodyFor, startAllowed } from './out-of-office';
import { toErrorBag } from './validation';

const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const today = todayInJohannesburg();
const yesterday = shift(today, -1);
const bagOf = (result: { success: boolean; error?: { issues: Parameters<typeof toErrorBag>[0] } }) =>
  result.success ? {} : toErrorBag(result.error!.issues);

describe('an out-of-office period starting in the past', () => {
  it('is refused on create, on its start date, in words', () => {
    expect(bagOf(offlineTimeCreateBody.safeParse({ startDate: yesterday, endDate: today }))).toEqual({
      startDate: ['Start date cannot be in the past.'],
    });
    expect(offlineTimeCreateBody.safeParse({ startDate: today, endDate: today }).success).toBe(true);
  });

  it('is refused when an edit moves the start there, not when the stored start stays', () => {
    const stored = shift(today, -10);
    const body = offlineTimeUpdateBodyFor(stored);
    expect(bagOf(body.safeParse({ startDate: yesterday, endDate: today }))).toEqual({
      startDate: ['Start date cannot be in the past.'],
    });
    expect(body.safeParse({ startDate: stored, endDate: today }).success).toBe(true);
    expect(startAllowed(stored, stored, today)).toBe(true);
    expect(startAllowed(yesterday, undefined, today)).toBe(false);
  });
});
