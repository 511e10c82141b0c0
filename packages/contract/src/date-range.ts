import { z } from 'zod';

import { dateField } from './fields';
import { END_BEFORE_START } from './out-of-office';
import { given } from './paging';

/**
 * A period of Johannesburg days, both ends included, as every report filters it (DECISIONS.md, "Reporting"):
 * `startDate` and `endDate` written YYYY-MM-DD, either left out for an open end. The names are the query
 * string's, the same on the server's call and in the web's address bar.
 */
export type DateRange = { startDate?: string; endDate?: string };

/** Only a range whose two ends are both given can be back to front. */
export const rangeInOrder = (range: DateRange) =>
  range.startDate === undefined || range.endDate === undefined || range.startDate <= range.endDate;

const onEndDate = { message: END_BEFORE_START, path: ['endDate'] };

/** The two fields, to spread into a report's query that has filters of its own (then `withRangeInOrder`). */
export const dateRangeShape = {
  startDate: given(dateField().optional()),
  endDate: given(dateField().optional()),
};

/** Refuses an end before the start on the end date, once both ends are valid dates. */
export const withRangeInOrder = <T extends z.ZodType<DateRange>>(schema: T) =>
  schema.refine(rangeInOrder, onEndDate);

/**
 * The server's reading: a malformed date, or an end before the start, is a 422 on its field ("End date
 * cannot be before the start date."). Blank counts as left out.
 */
export const dateRangeQuery = withRangeInOrder(z.object(dateRangeShape));
export type DateRangeQuery = z.infer<typeof dateRangeQuery>;

/**
 * The address bar's reading: a malformed date is dropped (an open end) instead of breaking the screen, and
 * a back-to-front range is kept as typed so the screen can say what is wrong under the end date.
 */
export const dateRangeAddress = z.object({
  startDate: dateRangeShape.startDate.catch(undefined),
  endDate: dateRangeShape.endDate.catch(undefined),
});

/** `<report>-<start>-<end>` for a file name: `all` for an open end (DECISIONS.md, "Reporting"). */
export const rangeFileStem = (report: string, range: DateRange) =>
  `${report}-${range.startDate ?? 'all'}-${range.endDate ?? 'all'}`;
