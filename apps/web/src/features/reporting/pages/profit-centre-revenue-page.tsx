import { formatMoney, formatWholeRand } from '@bloomline/contract';

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

/** Line values by profit centre: a bar chart in rand beside the table. */
export function ProfitCentreRevenuePage() {
  const { params, inOrder, update } = useStatusReportParams();
  const report = useReport('profitCentreRevenue', params, inOrder);
  const rows = inOrder ? report.data : [];
  return (
    <ReportFrame
      title="Profit centres revenue"
      actions={<ExportButton report="profitCentreRevenue" params={params} />}
      filters={<StatusRangeFilter params={params} onChange={update} />}
    >
      <ChartWithTable
        chart={
          <ChartFrame
            title="Revenue per profit centre"
            kind="bar"
            rows={rows}
            category="profitCentre"
            categoryLabel="Profit centre"
            series={[{ name: 'revenue', label: 'Revenue' }]}
            valueFormatter={formatMoney}
            axisFormatter={formatWholeRand}
            query={report}
            emptyText={NO_DATA}
          />
        }
        table={<RevenueTable rows={rows} query={report} />}
      />
    </ReportFrame>
  );
}
