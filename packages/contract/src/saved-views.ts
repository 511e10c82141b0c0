import { z } from 'zod';

import { idParams, requiredText } from './fields';
import { formBoolean } from './forms';
import { orderListRequest } from './orders';
import { dataOf } from './paging';
import { route } from './routes';

/**
 * Saved views (issue 40, DECISIONS.md "Many at once"): named filter sets above the order lists. A view keeps
 * the list's query string (`filter=unassigned&p=3&sd=2026-02-14`), so opening it is opening that address.
 */
export const SAVED_VIEW_LISTS = ['orders'] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

export const MAX_VIEW_NAME = 60;
export const MAX_VIEW_QUERY = 1000;
/** A user keeps at most this many views of their own per list. */
export const MAX_VIEWS_PER_LIST = 30;

export const VIEW_MESSAGES = {
  query: 'These filters cannot be saved: one of them is not valid.',
  list: 'Choose the list the view belongs to.',
  shareStaffOnly: 'Only staff share views.',
  tooMany: `You can keep at most ${String(MAX_VIEWS_PER_LIST)} views of a list; delete one first.`,
} as const;

export const savedView = z.object({
  id: z.number(),
  name: z.string(),
  /** The list's query string, without the page (`filter=open&q=smith`). */
  query: z.string(),
  shared: z.boolean(),
  /** The signed-in user's own view (they may rename, reorder, share and delete it). */
  mine: z.boolean(),
  /** Who saved a view shared with everyone; null for one's own. */
  owner: z.string().nullable(),
});
export type SavedView = z.infer<typeof savedView>;

export const savedViewsQuery = z.object({
  list: z.enum(SAVED_VIEW_LISTS, { error: VIEW_MESSAGES.list }),
});

/** The keys of the order list's query a view keeps, in the order its text writes them. */
const ORDER_VIEW_KEYS = Object.keys(orderListRequest.shape).filter((k) => k !== 'page');
const ORDER_DEFAULTS: Record<string, string | number | undefined> = orderListRequest.parse({});

/**
 * A list's query string as a view keeps it: only the list's own keys, in one order, blanks, the page and
 * default values left out. So the same filters always read the same, and the screen can tell which view is open.
 */
export function viewQueryText(query: string | URLSearchParams | Record<string, unknown>): string {
  const given =
    typeof query === 'string' || query instanceof URLSearchParams
      ? Object.fromEntries(new URLSearchParams(query))
      : query;
  const out = new URLSearchParams();
  for (const key of ORDER_VIEW_KEYS) {
    const raw = given[key];
    if (raw === undefined || raw === null) continue;
    const value = (typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : '').trim();
    const fallback = ORDER_DEFAULTS[key];
    if (value === '' || (fallback !== undefined && value === String(fallback))) continue;
    out.set(key, value);
  }
  return out.toString();
}

/** A view's query: the list's own request rules decide it (422 on `query` when they refuse it). */
const viewQuery = z
  .string()
  .max(MAX_VIEW_QUERY, { error: VIEW_MESSAGES.query })
  .refine((q) => orderListRequest.safeParse(Object.fromEntries(new URLSearchParams(q))).success, {
    error: VIEW_MESSAGES.query,
  })
  .transform((q) => viewQueryText(q));

export const savedViewBody = z.object({
  list: z.enum(SAVED_VIEW_LISTS, { error: VIEW_MESSAGES.list }),
  name: requiredText(MAX_VIEW_NAME),
  query: viewQuery,
  shared: formBoolean().optional(),
});
export type SavedViewBody = z.input<typeof savedViewBody>;

/** `PUT /api/views/{id}`: any of the view's name, filters, sharing and place among the owner's views. */
export const savedViewUpdate = z.object({
  name: requiredText(MAX_VIEW_NAME).optional(),
  query: viewQuery.optional(),
  shared: formBoolean().optional(),
  /** The view's place among its owner's views of the list, from 0; the others move up or down to make room. */
  position: z.number({ error: ':Attribute must be a whole number.' }).int().min(0).max(1000).optional(),
});
export type SavedViewUpdate = z.input<typeof savedViewUpdate>;

/** The saved views' routes: every signed-in user keeps their own views; staff share theirs. */
export const savedViewRoutes = {
  list: route({
    method: 'GET',
    path: '/api/views',
    query: savedViewsQuery,
    answer: dataOf(z.array(savedView)),
  }),
  create: route({ method: 'POST', path: '/api/views', body: savedViewBody, answer: dataOf(savedView) }),
  update: route({
    method: 'PUT',
    path: '/api/views/:id',
    params: idParams,
    body: savedViewUpdate,
    answer: dataOf(savedView),
  }),
  remove: route({ method: 'DELETE', path: '/api/views/:id', params: idParams }),
};
