import { formatMoney, REPORT_FILES } from '@bloomline/contract';

import { ChartFrame } from '@/ui';

import { useReport } from '../api/reporting-api';
import {
  ChartWithTable,
  ExportButton,
  NO_DATA,
  ReportFrame,
  StatusRangeFilter,
  useStatusReportParams,
} from '../components/report-frame';
import { RevenueTable } from '../components/revenue-table';

/**
 * Sales by partner: the bar chart of order value per partner (the partner-orders call) beside the table
 * Profit centre and Revenue, whose call the export downloads (part 2, the notes after the call table).
 */
export function PartnerSalesPage() {
  const { params, inOrder, update } = useStatusReportParams();
  const sales = useReport('partner-orders', params, inOrder);
  const revenue = useReport('profit-centre-revenue', params, inOrder);
  const rows = inOrder ? sales.data && [...sales.data].sort((a, b) => b.orderValue - a.orderValue) : [];
  return (
    <ReportFrame
      title="Sales by partner"
      actions={
        <ExportButton
          report="profit-centre-revenue"
          params={params}
          file={REPORT_FILES.profitCentreRevenue}
        />
      }
      filters={<StatusRangeFilter params={params} onChange={update} />}
    >
      <ChartWithTable
        chart={
          <ChartFrame
            title="Order value per partner"
            kind="bar"
            rows={rows}
            category="partnerName"
            categoryLabel="Partner"
            series={[{ name: 'orderValue', label: 'Order value' }]}
            valueFormatter={formatMoney}
            isLoading={inOrder && sales.isPending}
            error={sales.error}
            onRetry={() => void sales.refetch()}
            emptyText={NO_DATA}
          />
        }
        table={<RevenueTable rows={inOrder ? revenue.data : []} loading={inOrder && revenue.isPending} />}
      />
    </ReportFrame>
  );
}
