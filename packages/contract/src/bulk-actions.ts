import { z } from 'zod';

import { todayInJohannesburg } from './dates';
import { idField, text } from './fields';
import type { OrderFilter } from './statuses';

/**
 * Many orders at once (issue 40, DECISIONS.md "Many at once"): `POST /api/orders/bulk`. Each order runs in its
 * own transaction through the same workflow as one order's buttons, and the answer says per order what
 * happened: done, or refused with the 409's words (or "Not found." for an order the user may not see).
 */
export const BULK_ACTIONS = ['accept', 'fulfill', 'deliver', 'assign', 'cancel'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** The actions a partner user may take on many orders; staff take these on the partners' behalf and more. */
export const PARTNER_BULK_ACTIONS: readonly BulkAction[] = ['accept', 'fulfill', 'deliver'];
export const STAFF_BULK_ACTIONS: readonly BulkAction[] = BULK_ACTIONS;

/** At most this many ids a call (a page is 15; "select all matching" selects up to this many). */
export const MAX_BULK_IDS = 500;

/** What an id the user may not see (or that does not exist) is refused with: the same words either way. */
export const BULK_NOT_FOUND = 'Not found.';

export const BULK_MESSAGES = {
  idsMin: 'Choose at least one order.',
  idsMax: `Choose at most ${String(MAX_BULK_IDS)} orders at once.`,
  partner: 'Choose the partner who will make the items.',
  action: 'Choose accept, fulfill, deliver, assign or cancel.',
} as const;

export const bulkActionBody = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: BULK_MESSAGES.action }),
    ids: z
      .array(idField(), { error: BULK_MESSAGES.idsMin })
      .min(1, { error: BULK_MESSAGES.idsMin })
      .max(MAX_BULK_IDS, { error: BULK_MESSAGES.idsMax }),
    /** Assign only: the partner who gets the open unassigned lines. */
    partnerId: idField().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action === 'assign' && body.partnerId === undefined)
      ctx.addIssue({ code: 'custom', path: ['partnerId'], message: BULK_MESSAGES.partner });
  });
export type BulkActionBody = z.infer<typeof bulkActionBody>;

/** An order by its id and number: what `GET /api/orders/ids` lists. */
export const orderRef = z.object({ id: z.number(), name: z.string() });
export type OrderRef = z.infer<typeof orderRef>;

export const bulkRefusal = z.object({ id: z.number(), message: z.string() });
export const bulkResult = z.object({
  /** The orders changed, in the order they were sent (each once). */
  done: z.array(z.number()),
  /** The orders left as they were, and why. */
  refused: z.array(bulkRefusal),
});
export type BulkResult = z.infer<typeof bulkResult>;

/** How each action's outcome reads: "12 accepted". */
export const BULK_DONE_WORDS: Record<BulkAction, string> = {
  accept: 'accepted',
  fulfill: 'fulfilled',
  deliver: 'delivered',
  assign: 'assigned',
  cancel: 'cancelled',
};

/** The buttons' words, per action. */
export const BULK_ACTION_LABELS: Record<BulkAction, string> = {
  accept: 'Accept',
  fulfill: 'Fulfill',
  deliver: 'Deliver',
  assign: 'Assign',
  cancel: 'Cancel',
};

/**
 * "12 accepted, 2 could not be: #BL10001: This order is accepted; … ". `names` turns an id into the order's
 * number where the screen knows it.
 */
export function bulkSummary(
  action: BulkAction,
  result: BulkResult,
  names: (id: number) => string = (id) => `Order ${String(id)}`,
): string {
  const done = `${String(result.done.length)} ${BULK_DONE_WORDS[action]}`;
  if (result.refused.length === 0) return `${done}.`;
  const why = result.refused.map((r) => `${names(r.id)}: ${r.message}`).join(' ');
  return `${done}, ${String(result.refused.length)} could not be: ${why}`;
}

const ID_LIST = /^\d{1,10}(,\d{1,10})*$/;

/**
 * `GET /api/orders/bulk/partners?ids=1,2,3`: the partners who could take the open unassigned lines of these
 * orders, as the reassign dialog lists them for one line (`all`, `q`), for the group: enabled, not away on any
 * of the orders' delivery dates, `distance` to the farthest delivery point, `local` when every point is within
 * the partner's radius.
 */
export const groupCandidatesQuery = z.object({
  ids: z
    .string({ error: BULK_MESSAGES.idsMin })
    .regex(ID_LIST, { error: BULK_MESSAGES.idsMin })
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id >= 1 && id <= 2147483647), { error: BULK_MESSAGES.idsMin })
    .refine((ids) => ids.length <= MAX_BULK_IDS, { error: BULK_MESSAGES.idsMax }),
  all: z
    .preprocess(
      (v) => (typeof v === 'boolean' ? String(v) : v),
      z.enum(['1', '0', 'true', 'false', '']).optional(),
    )
    .transform((v) => v === '1' || v === 'true'),
  q: text(100).optional(),
});
export type GroupCandidatesQuery = z.infer<typeof groupCandidatesQuery>;

/**
 * Export what you see: every order list answers `Accept: text/csv` for its filter, sort and search, as
 * `orders-<filter>-<date>.csv` (`all` without a filter, today in Johannesburg).
 */
export const orderExportFileName = (filter: OrderFilter | undefined, today = todayInJohannesburg()) =>
  `orders-${filter ?? 'all'}-${today}.csv`;
