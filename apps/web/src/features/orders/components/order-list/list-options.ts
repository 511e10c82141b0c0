import type { LineStatus } from '@bloomline/contract';

/**
 * The line-status values of the Filter dialog (part 1, point 2, "Order lists"): every list, the dashboard's and
 * each /orders/:status list or delivery tab, narrows to orders with a line in the chosen one (`status`).
 */
export const LINE_STATUS_FILTERS = [
  'open',
  'accepted',
  'fulfilled',
  'delivered',
  'rejected',
] as const satisfies readonly LineStatus[];
export type LineStatusFilter = (typeof LINE_STATUS_FILTERS)[number];

export const isLineStatusFilter = (value: unknown): value is LineStatusFilter =>
  (LINE_STATUS_FILTERS as readonly unknown[]).includes(value);

export type SortKey = 'created_at' | 'name';
export type SortDirection = 'asc' | 'desc';
export type SortOption = { s: SortKey; d: SortDirection; label: string };

const DEFAULT_SORT: SortOption = { s: 'created_at', d: 'desc', label: 'Created date, newest first' };

/** The sort toggle's cycle, starting at the default (newest first). */
export const SORT_CYCLE: readonly SortOption[] = [
  DEFAULT_SORT,
  { s: 'created_at', d: 'asc', label: 'Created date, oldest first' },
  { s: 'name', d: 'asc', label: 'Order number, ascending' },
  { s: 'name', d: 'desc', label: 'Order number, descending' },
];

export function sortIndex(s: SortKey | undefined, d: SortDirection | undefined): number {
  const index = SORT_CYCLE.findIndex((o) => o.s === (s ?? 'created_at') && o.d === (d ?? 'desc'));
  return index < 0 ? 0 : index;
}

export const nextSort = (s: SortKey | undefined, d: SortDirection | undefined): SortOption =>
  SORT_CYCLE[(sortIndex(s, d) + 1) % SORT_CYCLE.length] ?? DEFAULT_SORT;
