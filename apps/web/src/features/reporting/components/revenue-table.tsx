import type { ProfitCentreRevenueItem } from '@bloomline/contract';

import { type DataColumn, Money, type QueryView } from '@/ui';

import { ReportTable } from './report-frame';

const columns: DataColumn<ProfitCentreRevenueItem>[] = [
  { key: 'profitCentre', header: 'Profit centre', render: (r) => r.profitCentre },
  { key: 'revenue', header: 'Revenue', align: 'right', render: (r) => <Money value={r.revenue} /> },
];

/** The table Profit centre and Revenue (the revenue report and the sales-by-partner screen). */
export function RevenueTable({
  rows,
  query,
}: {
  rows: ProfitCentreRevenueItem[] | undefined;
  query: QueryView;
}) {
  return (
    <ReportTable
      title="Revenue by profit centre"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.profitCentre}
      query={query}
    />
  );
}
