import { type ComponentSalesItem, formatMoney, formatWholeRand, formatQuantity } from '@bloomline/contract';

import { ChartFrame, type DataColumn, DateRangeFilter, Money, useDateRange } from '@/ui';

import { useReport } from '../api/reporting-api';
import { ChartWithTable, ExportButton, NO_DATA, ReportFrame, ReportTable } from '../components/report-frame';

// The spec headed the first column Partner; it holds the component's name, and says so (issue 36).
const columns: DataColumn<ComponentSalesItem>[] = [
  { key: 'name', header: 'Component', render: (r) => r.name },
  { key: 'value', header: 'Sales revenue', align: 'right', render: (r) => <Money value={r.value} /> },
  { key: 'count', header: 'Count', align: 'right', render: (r) => formatQuantity(r.count) },
];

/** What components sell: revenue per component as bars, with the table of revenue and count. */
export function ComponentSalesPage() {
  const { range, inOrder, setRange } = useDateRange();
  const report = useReport('componentSales', range, inOrder);
  const rows = inOrder ? report.data : [];
  return (
    <ReportFrame
      title="Sales / Revenue by Component"
      actions={<ExportButton report="componentSales" params={range} />}
      filters={<DateRangeFilter value={range} onChange={setRange} />}
    >
      <ChartWithTable
        chart={
          <ChartFrame
            title="Sales revenue per component"
            kind="bar"
            rows={rows}
            category="name"
            categoryLabel="Component"
            series={[{ name: 'value', label: 'Sales revenue' }]}
            valueFormatter={formatMoney}
            axisFormatter={formatWholeRand}
            query={report}
            emptyText={NO_DATA}
          />
        }
        table={
          <ReportTable
            title="Components sold"
            columns={columns}
            rows={rows}
            rowKey={(r) => r.id}
            query={report}
          />
        }
      />
    </ReportFrame>
  );
}
