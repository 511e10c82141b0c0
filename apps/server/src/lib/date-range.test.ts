import { PgDialect, pgTable, QueryBuilder, serial, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

import { dayAfter, rangeBounds, withinRange } from './date-range';

describe('rangeBounds', () => {
  // Worked by hand: a Johannesburg day starts at 22:00 UTC the evening before (UTC+2, no summer time).
  it('runs from the start of the first day to the start of the day after the last, at +02:00', () => {
    const { from, before } = rangeBounds({ startDate: '2026-05-01', endDate: '2026-05-31' });
    expect(from?.toISOString()).toBe('2026-04-30T22:00:00.000Z');
    expect(before?.toISOString()).toBe('2026-05-31T22:00:00.000Z');
  });

  it('covers one whole day when both ends are the same day', () => {
    const { from, before } = rangeBounds({ startDate: '2026-01-01', endDate: '2026-01-01' });
    expect(from?.toISOString()).toBe('2025-12-31T22:00:00.000Z');
    expect(before?.toISOString()).toBe('2026-01-01T22:00:00.000Z');
  });

  it('leaves an open end open', () => {
    expect(rangeBounds({ endDate: '2026-05-31' }).from).toBeUndefined();
    expect(rangeBounds({ startDate: '2026-05-01' }).before).toBeUndefined();
  });
});

describe('dayAfter', () => {
  it('turns months, years and leap days', () => {
    expect(dayAfter('2026-01-31')).toBe('2026-02-01');
    expect(dayAfter('2026-12-31')).toBe('2027-01-01');
    expect(dayAfter('2028-02-28')).toBe('2028-02-29');
    expect(dayAfter('2026-02-28')).toBe('2026-03-01');
  });
});

describe('withinRange', () => {
  const orders = pgTable('orders', {
    id: serial('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  });
  const dialect = new PgDialect();
  const whereOf = (range: Parameters<typeof withinRange>[1]) =>
    dialect.sqlToQuery(
      new QueryBuilder().select().from(orders).where(withinRange(orders.createdAt, range)).getSQL(),
    );

  it('compares the column itself with the two instants (an index on it serves the filter)', () => {
    const query = whereOf({ startDate: '2026-05-01', endDate: '2026-05-31' });
    expect(query.sql).toMatch(/where \("orders"\."created_at" >= \$1 and "orders"\."created_at" < \$2\)$/);
    expect(query.params).toEqual(['2026-04-30T22:00:00.000Z', '2026-05-31T22:00:00.000Z']);
  });

  it('adds no condition for an open range', () => {
    expect(whereOf({}).sql).not.toMatch(/where/);
    expect(whereOf({ startDate: '2026-05-01' }).params).toEqual(['2026-04-30T22:00:00.000Z']);
  });
});
