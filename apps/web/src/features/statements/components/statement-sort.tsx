import { NativeSelect, SimpleGrid } from '@mantine/core';

import { STATEMENT_SORTS, type StatementSort } from '@bloomline/contract';

export type SortDirection = 'asc' | 'desc';
export type StatementOrder = { s: StatementSort; d: SortDirection };

/** The sort keys in the spec's words. */
export const SORT_LABELS: Record<StatementSort, string> = {
  date: 'Delivery date',
  name: 'Order no',
  payment: 'Payment amount',
};

/** Order no, newest first (part 2, point 9). */
export const DEFAULT_ORDER: StatementOrder = { s: 'name', d: 'desc' };

/** The sort in the address (`s`, `d`), the default for anything else. */
export function orderOf(params: URLSearchParams): StatementOrder {
  const s = params.get('s');
  const d = params.get('d');
  return {
    s: (STATEMENT_SORTS as readonly string[]).includes(s ?? '') ? (s as StatementSort) : DEFAULT_ORDER.s,
    d: d === 'asc' || d === 'desc' ? d : DEFAULT_ORDER.d,
  };
}

/** Sort by one of the three keys, in either direction: native selects, so a phone shows its own picker. */
export function StatementSortControl({
  order,
  onChange,
}: {
  order: StatementOrder;
  /** The part that changed only: two quick changes must not undo each other. */
  onChange: (change: Partial<StatementOrder>) => void;
}) {
  return (
    <SimpleGrid cols={2} spacing="sm" maw={420}>
      <NativeSelect
        label="Sort by"
        value={order.s}
        data={STATEMENT_SORTS.map((key) => ({ value: key, label: SORT_LABELS[key] }))}
        onChange={(e) => onChange({ s: e.currentTarget.value as StatementSort })}
      />
      <NativeSelect
        label="Direction"
        value={order.d}
        data={[
          { value: 'desc', label: 'Descending' },
          { value: 'asc', label: 'Ascending' },
        ]}
        onChange={(e) => onChange({ d: e.currentTarget.value as SortDirection })}
      />
    </SimpleGrid>
  );
}
