import { z } from 'zod';

/** Order-line statuses with the numeric ids that history entries and GET /api/order-line-statuses use. */
export const LINE_STATUSES = [
  { id: 1, name: 'open' },
  { id: 2, name: 'accepted' },
  { id: 3, name: 'rejected' },
  { id: 4, name: 'fulfilled' },
  { id: 5, name: 'delivered' },
  { id: 6, name: 'cancel-requested' },
  { id: 7, name: 'cancel-confirmed' },
  { id: 8, name: 'hold' },
  { id: 9, name: 'return' },
  { id: 10, name: 'refund' },
] as const;

export type LineStatus = (typeof LINE_STATUSES)[number]['name'];
export const lineStatus = z.enum(LINE_STATUSES.map((s) => s.name));

/** What a badge may show: every line status plus "unassigned" for a line without a partner. */
export type BadgeStatus = LineStatus | 'unassigned';

export const STATUS_ID: Record<LineStatus, number> = Object.fromEntries(
  LINE_STATUSES.map((s) => [s.name, s.id]),
) as Record<LineStatus, number>;

export const STATUS_BY_ID: Record<number, LineStatus> = Object.fromEntries(
  LINE_STATUSES.map((s) => [s.id, s.name]),
);

/** Badge colours of part 1, point 4. */
export const STATUS_COLOURS: Record<BadgeStatus, 'gray' | 'red' | 'blue' | 'pink' | 'green' | 'orange'> = {
  open: 'gray',
  unassigned: 'red',
  accepted: 'blue',
  rejected: 'red',
  fulfilled: 'pink',
  delivered: 'green',
  'cancel-requested': 'gray',
  'cancel-confirmed': 'red',
  hold: 'gray',
  return: 'orange',
  refund: 'orange',
};

/** Values of the `filter` query of GET /api/orders. */
export const ORDER_FILTERS = [
  'open',
  'accepted',
  'rejected',
  'fulfilled',
  'delivered',
  'cancel-requested',
  'cancel-confirmed',
  'hold',
  'return',
  'refund',
  'unassigned',
  'today',
  'returns',
  'refunds',
] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

export const DEFAULT_REJECT_REASONS = [
  'Out of stock on the flowers',
  'No driver today',
  'Delivery area is a plot/township/farms',
  'Can only do AVBOB orders',
  'Store is closed',
  'Redirect order',
] as const;
