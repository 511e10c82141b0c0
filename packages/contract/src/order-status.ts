import type { LineStatus } from './statuses';

/** Progress order of the working statuses: an order is as far along as its least advanced line. */
const PROGRESS: readonly LineStatus[] = ['open', 'accepted', 'fulfilled', 'delivered'];
const SET_ASIDE: ReadonlySet<LineStatus> = new Set(['cancel-confirmed', 'rejected', 'return', 'refund']);

/**
 * The same rule as a precedence: the derived status is the first of these that any line has (for a set of
 * lines, `deriveOrderStatus` answers exactly this; the server's SQL filters use it to match a partner's
 * derived status with index probes, DECISIONS.md "Orders and workflow").
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

/**
 * The order's own status, derived from its lines (DECISIONS.md, "Orders and workflow"):
 * hold if any line is on hold; else cancel-requested if any line is; else the least advanced of
 * open < accepted < fulfilled < delivered among lines that are not cancelled, rejected or returned;
 * when no line is still working: rejected if any line is rejected (staff must act), cancel-confirmed when
 * every line is cancelled, otherwise return, then refund.
 */
export function deriveOrderStatus(lines: readonly { status: LineStatus }[]): LineStatus {
  if (lines.length === 0) return 'open';
  const statuses = lines.map((l) => l.status);
  if (statuses.includes('hold')) return 'hold';
  if (statuses.includes('cancel-requested')) return 'cancel-requested';
  const working = statuses.filter((s) => !SET_ASIDE.has(s));
  if (working.length > 0) {
    return PROGRESS[Math.min(...working.map((s) => PROGRESS.indexOf(s)))] ?? 'open';
  }
  if (statuses.includes('rejected')) return 'rejected';
  if (statuses.every((s) => s === 'cancel-confirmed')) return 'cancel-confirmed';
  if (statuses.includes('return')) return 'return';
  if (statuses.includes('refund')) return 'refund';
  return 'cancel-confirmed';
}

/** A line waiting for a partner: the `unassigned` filter and the order's has_unassigned flag. */
export function isUnassigned(line: { status: LineStatus; partnerId: number | null }): boolean {
  return line.partnerId === null && line.status === 'open';
}
