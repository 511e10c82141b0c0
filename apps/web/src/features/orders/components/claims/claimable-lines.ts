import type { OrderDetail } from '@bloomline/contract';

/** Lines that were delivered (and may since have been returned or refunded): what a claim can name. */
const DELIVERED = new Set(['delivered', 'return', 'refund']);

export type ClaimableLine = {
  id: number;
  title: string;
  partner: string | null;
  value: number;
  left: number;
};

/** The order's delivered lines, each with how many can still be returned (delivered less earlier returns). */
export function claimableLines(order: OrderDetail): ClaimableLine[] {
  return order.lines
    .filter((l) => DELIVERED.has(l.status))
    .map((l) => ({
      id: l.id,
      title: l.title,
      partner: l.partner?.name ?? null,
      value: l.value,
      left: Math.max(0, l.quantity - l.returns.reduce((n, r) => n + r.quantity, 0)),
    }));
}
