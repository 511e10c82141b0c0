import { z } from 'zod';

import { todayInJohannesburg } from './dates';
import { dateField, pathId } from './fields';
import { formBoolean } from './forms';
import { dataOf } from './paging';
import { route } from './routes';

/** An out-of-office period of a partner: away from its start to its end date, both included. */
export const offlineTime = z.object({
  id: z.number(),
  partnerId: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  enabled: z.boolean(),
});
export type OfflineTime = z.infer<typeof offlineTime>;

/** `/api/partners/{partnerId}/offline-times`. */
export const offlineTimesParams = z.object({ partnerId: pathId() });
/** `/api/partners/{partnerId}/offline-times/{id}`. */
export const offlineTimeParams = z.object({ partnerId: pathId(), id: pathId() });

export const END_BEFORE_START = ':Attribute cannot be before the start date.';
/** Only a date written YYYY-MM-DD is compared (another is already refused as not a date). */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
export const START_IN_PAST = ':Attribute cannot be in the past.';

/**
 * A period may not start before today (in South Africa): being away yesterday changes nothing. A period
 * already stored keeps its start: an edit that leaves it as it was is not refused once that day has passed.
 */
export const startAllowed = (startDate: string, stored?: string, today = todayInJohannesburg()) =>
  startDate >= today || startDate === stored;

/** A required date as Laravel reads a form's: a blank one is missing ("… field is required."). */
const requiredDate = () =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), dateField());

const dates = {
  startDate: requiredDate(),
  endDate: requiredDate(),
};

/** Laravel's `after_or_equal:startDate` on the end date, checked once both dates are valid. */
const endNotBeforeStart = (v: { startDate: string; endDate: string }) => v.endDate >= v.startDate;
const onEndDate = { message: END_BEFORE_START, path: ['endDate'] };

/** POST /api/partners/{partnerId}/offline-times: a new period is enabled, and starts today or later. */
export const offlineTimeCreateBody = z
  .object(dates)
  .refine(endNotBeforeStart, onEndDate)
  .refine((v) => !ISO_DAY.test(v.startDate) || startAllowed(v.startDate), {
    message: START_IN_PAST,
    path: ['startDate'],
  });
export type OfflineTimeCreateBody = z.input<typeof offlineTimeCreateBody>;

/**
 * POST /api/partners/{partnerId}/offline-times/{id} with `_method=PUT` (or PUT): the dates and whether the
 * period counts. A request without `enabled` keeps the period's current flag. A start moved into the past is
 * refused by the service, which knows the stored start (see `startAllowed`).
 */
export const offlineTimeUpdateBody = z
  .object({ ...dates, enabled: formBoolean().optional() })
  .refine(endNotBeforeStart, onEndDate);
/**
 * The same, checked where the stored start is known (the form, before sending; the service does the same
 * with `startAllowed`): a start moved into the past is refused on the start date.
 */
export const offlineTimeUpdateBodyFor = (storedStart: string) =>
  offlineTimeUpdateBody.refine((v) => !ISO_DAY.test(v.startDate) || startAllowed(v.startDate, storedStart), {
    message: START_IN_PAST,
    path: ['startDate'],
  });
export type OfflineTimeUpdateBody = z.input<typeof offlineTimeUpdateBody>;
export type OfflineTimeUpdate = z.output<typeof offlineTimeUpdateBody>;

/** The list's delete question (part 2). */
export const OFFLINE_TIME_DELETE_CONFIRM = 'Are you sure you want to delete the offline data';

/**
 * The out-of-office periods' routes: any signed-in user, scoped by the server (a partner user reaches only their
 * own partner's periods). The writes also come as forms, the update as POST with `_method=PUT`.
 */
export const offlineTimeRoutes = {
  list: route({
    method: 'GET',
    path: '/api/partners/:partnerId/offline-times',
    params: offlineTimesParams,
    answer: dataOf(z.array(offlineTime)),
  }),
  create: route({
    method: 'POST',
    path: '/api/partners/:partnerId/offline-times',
    params: offlineTimesParams,
    body: offlineTimeCreateBody,
    answer: dataOf(offlineTime),
  }),
  get: route({
    method: 'GET',
    path: '/api/partners/:partnerId/offline-times/:id',
    params: offlineTimeParams,
    answer: dataOf(offlineTime),
  }),
  update: route({
    method: 'PUT',
    path: '/api/partners/:partnerId/offline-times/:id',
    params: offlineTimeParams,
    body: offlineTimeUpdateBody,
    answer: dataOf(offlineTime),
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/partners/:partnerId/offline-times/:id',
    params: offlineTimeParams,
  }),
};
