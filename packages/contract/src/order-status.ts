import type { LineStatus } from './statuses';

/**
 * The order's status derived from its lines (DECISIONS.md, "Orders and workflow") is the first of these that
 * any line has: hold if any line is on hold; else cancel-requested if any line is; else the least advanced of
 * open < accepted < fulfilled < delivered among lines still being worked; when none is: rejected if any line is
 * (staff must act), then return, then refund, and cancel-confirmed when every line is cancelled. The same list
 * lets the server's SQL match a partner's derived status with index probes ("a line has it, none has an
 * earlier one").
 */
export const ORDER_STATUS_PRECEDENCE: readonly LineStatus[] = [
  'hold',
  'cancel-requested',
  'open',
  'accepted',
  'fulfilled',
  'delivered',
  'rejected',
  'return',
  'refund',
  'cancel-confirmed',
];

/** The order's own status (or a partner's, over their lines alone): see ORDER_STATUS_PRECEDENCE. */
export function deriveOrderStatus(lines: readonly { status: LineStatus }[]): LineStatus {
  return ORDER_STATUS_PRECEDENCE.find((status) => lines.some((l) => l.status === status)) ?? 'open';
}

/** A line waiting for a partner: the `unassigned` filter and the order's has_unassigned flag. */
export function isUnassigned(line: { status: LineStatus; partnerId: number | null }): boolean {
  return line.partnerId === null && line.status === 'open';
}
