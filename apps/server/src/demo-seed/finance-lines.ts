import type { LineStatus, Responsible } from '@bloomline/contract';

import type { Partner } from './partners';

export interface FinanceLine {
  id: number;
  partner: Partner | null;
  /** Changed here when a claim is still open: opening one leaves the lines as they were. */
  status: LineStatus;
  row: { status?: string | null; updatedAt?: Date | null };
  steps: { status: LineStatus; at: Date }[];
  valueCents: number;
  quantity: number;
  partnerDelivers: boolean;
  deliveredAt: Date | null;
  /** When the line became a return / refund. */
  returnedAt: Date | null;
  refundedAt: Date | null;
  viaReturn: boolean;
}

export interface FinanceOrder {
  id: number;
  name: string;
  createdAt: Date;
  deliveryDate: string | null;
  deliveryFeeCents: number;
  isCollection: boolean;
  totalValueCents: number;
  placedBy: Partner | null;
  cancelled: boolean;
  /** A showcase order whose return stays open and refund unprocessed (DECISIONS.md "Demo data"). */
  claimsOpen: boolean;
  /** A showcase order's processed return or refund: who bore it. */
  responsible: Responsible | null;
}
