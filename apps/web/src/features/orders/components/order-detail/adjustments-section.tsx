import type { Adjustment } from '@bloomline/contract';

import { DataTable, Money, type DataColumn } from '@/ui';

import { DetailSection } from './detail-section';

const columns: DataColumn<Adjustment>[] = [
  { key: 'title', header: 'Title', render: (a) => a.title },
  { key: 'quantity', header: 'Quantity', render: (a) => a.quantity, align: 'right' },
  { key: 'value', header: 'Value', render: (a) => <Money value={a.value} />, align: 'right' },
  { key: 'partner', header: 'Partner', render: (a) => a.partner?.name ?? '—' },
];

/**
 * Staff: changes made to the order after it was placed, and every credit note and refund deduction on it
 * (issue 46), taken from the partner's pay and so shown below zero. Ids are unique only within a kind.
 */
export function AdjustmentsSection({ adjustments }: { adjustments: readonly Adjustment[] }) {
  return (
    <DetailSection title="Adjustments">
      <DataTable
        columns={columns}
        rows={adjustments}
        rowKey={(a) => `${a.kind ?? 'adjustment'}-${String(a.id)}`}
        caption="Adjustments"
        empty="No adjustments"
        minWidth={420}
      />
    </DetailSection>
  );
}
