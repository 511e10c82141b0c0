import { type AverageFulfillmentItem, formatDuration, formatQuantity } from '@bloomline/contract';

import { ChartFrame, type DataColumn, DateRangeFilter, useDateRange } from '@/ui';

import { useReport } from '../api/reporting-api';
import { ChartWithTable, ExportButton, NO_DATA, ReportFrame, ReportTable } from '../components/report-frame';

const DAY = 86_400;

const columns: DataColumn<AverageFulfillmentItem>[] = [
  { key: 'partner', header: 'Partner', render: (r) => r.partnerName },
  { key: 'average', header: 'Average', align: 'right', render: (r) => formatDuration(r.average) },
];

/** Days on the chart's axis, read back as months, days and hours in its tooltip and table. */
const inWords = (days: number) => formatDuration(days * DAY);
/** The axis's ticks in days alone ("2,5 days"): the words of a tooltip are too long for a tick. */
const inDays = (days: number) => `${formatQuantity(Math.round(days * 10) / 10)} days`;

/** How long partners take from an order's creation to its delivery: horizontal bars per partner. */
export function AverageFulfillmentPage() {
  const { range, inOrder, setRange } = useDateRange();
  const report = useReport('averageFulfillment', range, inOrder);
  const rows = inOrder ? report.data : [];
  const chartRows = rows?.map((r) => ({
    partnerName: r.partnerName,
    days: Math.round((r.average / DAY) * 100) / 100,
  }));
  return (
    <ReportFrame
      title="Average fulfillment time"
      actions={<ExportButton report="averageFulfillment" params={range} />}
      filters={<DateRangeFilter value={range} onChange={setRange} />}
    >
      <ChartWithTable
        chart={
          <ChartFrame
            title="Average time to delivery"
            kind="horizontal-bar"
            rows={chartRows}
            category="partnerName"
            categoryLabel="Partner"
            series={[{ name: 'days', label: 'Average' }]}
            valueFormatter={inWords}
            axisFormatter={inDays}
            query={report}
            emptyText={NO_DATA}
            height={Math.max(240, (chartRows?.length ?? 0) * 36)}
          />
        }
        table={
          <ReportTable
            title="Average per partner"
            columns={columns}
            rows={rows}
            rowKey={(r) => r.partner}
            query={report}
          />
        }
      />
    </ReportFrame>
  );
}
