import type { DateRange } from '@bloomline/contract';
import { and, gte, lt, lte, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Johannesburg's offset from UTC. South Africa has kept standard time all year since 1944, so a day there
 * always starts at 22:00 UTC the evening before; no time-zone database is needed to find it.
 */
export const JOHANNESBURG_OFFSET = '+02:00';

/** The instant a Johannesburg day (YYYY-MM-DD) starts. */
export const startOfDay = (day: string) => new Date(`${day}T00:00:00${JOHANNESBURG_OFFSET}`);

/** The calendar day after `day` (2026-12-31 → 2027-01-01, 2028-02-28 → 2028-02-29). */
export function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** A range's instants: from the start of its first day, up to (not including) the start of the day after its last. */
export type RangeBounds = { from?: Date; before?: Date };

/** A range of Johannesburg days, both ends included, as the half-open span of instants it covers. */
export function rangeBounds(range: DateRange): RangeBounds {
  return {
    from: range.startDate === undefined ? undefined : startOfDay(range.startDate),
    before: range.endDate === undefined ? undefined : startOfDay(dayAfter(range.endDate)),
  };
}

/**
 * The SQL condition "`column` falls within the range" for a timestamp-with-time-zone column (an order's
 * creation), or undefined for a range open at both ends. `>= from and < before` rather than a cast to a
 * date, so an index on the column serves it and the last day counts to its last microsecond.
 */
export function withinRange(column: SQLWrapper, range: DateRange): SQL | undefined {
  const { from, before } = rangeBounds(range);
  return and(from && gte(column, from), before && lt(column, before));
}

/** The SQL condition "`column` (a date of Johannesburg days) falls within the range", both ends included. */
export function daysWithin(column: SQLWrapper, range: DateRange): SQL | undefined {
  return and(
    range.startDate === undefined ? undefined : gte(column, range.startDate),
    range.endDate === undefined ? undefined : lte(column, range.endDate),
  );
}
