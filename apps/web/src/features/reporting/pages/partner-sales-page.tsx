import { formatMoney, formatWholeRand, type PartnerSalesItem } from '@bloomline/contract';

import { ChartFrame, type DataColumn, Money } from '@/ui';

import { useReport } from '../api/reporting-api';
import {
  ChartWithTable,
  ExportButton,
  NO_DATA,
  ReportFrame,
  ReportTable,
  StatusRangeFilter,
  useStatusReportParams,
} from '../components/report-frame';

const columns: DataColumn<PartnerSalesItem>[] = [
  { key: 'partner', header: 'Partner', render: (r) => r.partnerName },
  { key: 'sales', header: 'Sales', align: 'right', render: (r) => <Money value={r.sales} /> },
];

/**
 * Sales by partner: the bar chart of order value per partner, the same figures in the table beside it, and
 * their export (DECISIONS.md "Reporting": the original's profit-centre table here was a defect).
 */
export function PartnerSalesPage() {
  const { params, inOrder, update } = useStatusReportParams();
  const sales = useReport('partnerSales', params, inOrder);
  const rows = inOrder ? sales.data : [];
  return (
    <ReportFrame
      title="Sales by partner"
      actions={<ExportButton report="partnerSales" params={params} />}
      filters={<StatusRangeFilter params={params} onChange={update} />}
    >
      <ChartWithTable
        chart={
          <ChartFrame
            title="Sales per partner"
            kind="bar"
            rows={rows}
            category="partnerName"
            categoryLabel="Partner"
            series={[{ name: 'sales', label: 'Sales' }]}
            valueFormatter={formatMoney}
            axisFormatter={formatWholeRand}
            query={sales}
            emptyText={NO_DATA}
          />
        }
        table={
          <ReportTable
            title="Sales by partner"
            columns={columns}
            rows={rows}
            rowKey={(r) => r.partner}
            query={sales}
          />
        }
      />
    </ReportFrame>
  );
}
