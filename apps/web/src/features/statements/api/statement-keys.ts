import type { StatementSort } from '@bloomline/contract';

import { resourceKeys } from '@/lib/query-keys';

/** Whose statements: a partner user's own (no partner named), or staff's choice of partner. */
export type StatementOwner = { partnerId: number | null };

/** What a statement screen asks for: the month, the sort and whose. */
export type StatementParams = StatementOwner & { month: string; s: StatementSort; d: 'asc' | 'desc' };

const base = resourceKeys<StatementParams>('statements');

/** Statements: the months list, a month's entries and figures, a month's orders, the month-end run. */
export const statementKeys = {
  ...base,
  months: (owner: StatementOwner) => [...base.all, 'months', owner] as const,
  orders: (owner: StatementOwner & { month: string }) => [...base.all, 'orders', owner] as const,
  monthEnd: () => [...base.all, 'month-end'] as const,
};
