import { describe, expect, it } from 'vitest';

import { z } from 'zod';

import {
  dateRangeAddress,
  dateRangeQuery,
  dateRangeShape,
  rangeFileStem,
  withRangeInOrder,
} from './date-range';
import { toErrorBag } from './validation';

const bagOf = (input: unknown) => {
  const result = dateRangeQuery.safeParse(input);
  return result.success ? null : toErrorBag(result.error.issues);
};

describe('dateRangeQuery (the server reads it strictly)', () => {
  it('accepts both ends, one end, none, and blanks as left out', () => {
    expect(dateRangeQuery.parse({ startDate: '2026-05-01', endDate: '2026-05-31' })).toEqual({
      startDate: '2026-05-01',
      endDate: '2026-05-31',
    });
    expect(dateRangeQuery.parse({ startDate: '2026-05-01' })).toEqual({ startDate: '2026-05-01' });
    expect(dateRangeQuery.parse({ startDate: '', endDate: '' })).toEqual({});
    expect(dateRangeQuery.parse({ startDate: '2026-05-01', endDate: '2026-05-01' })).toBeTruthy();
  });

  it('refuses a malformed date and an end before the start, on the field, in plain words', () => {
    expect(bagOf({ startDate: '2026-02-30' })).toEqual({ startDate: ['Start date must be a valid date.'] });
    expect(bagOf({ endDate: '01/05/2026' })).toEqual({ endDate: ['End date must be a valid date.'] });
    expect(bagOf({ startDate: '2026-05-02', endDate: '2026-05-01' })).toEqual({
      endDate: ['End date cannot be before the start date.'],
    });
  });
});

describe('withRangeInOrder (a report with filters of its own)', () => {
  it('keeps the other filters and still refuses a back-to-front range', () => {
    const query = withRangeInOrder(z.object({ ...dateRangeShape, status: z.coerce.number().optional() }));
    expect(query.parse({ startDate: '2026-05-01', status: '3' })).toEqual({
      startDate: '2026-05-01',
      status: 3,
    });
    expect(query.safeParse({ startDate: '2026-05-02', endDate: '2026-05-01' }).success).toBe(false);
  });
});

describe('dateRangeAddress (the web reads its address bar leniently)', () => {
  it('drops a malformed end and keeps a back-to-front range for the screen to explain', () => {
    expect(dateRangeAddress.parse({ startDate: 'yesterday', endDate: '2026-05-01' })).toEqual({
      startDate: undefined,
      endDate: '2026-05-01',
    });
    expect(dateRangeAddress.parse({ startDate: '2026-05-02', endDate: '2026-05-01' })).toEqual({
      startDate: '2026-05-02',
      endDate: '2026-05-01',
    });
  });
});

describe('rangeFileStem', () => {
  it('names an open end "all"', () => {
    expect(rangeFileStem('partner-orders', { startDate: '2026-05-01' })).toBe(
      'partner-orders-2026-05-01-all',
    );
    expect(rangeFileStem('component-sales', {})).toBe('component-sales-all-all');
  });
});
