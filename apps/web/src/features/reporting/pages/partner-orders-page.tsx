import { formatCount, type PartnerOrdersItem } from '@bloomline/contract';

import { ChartFrame, type DataColumn } from '@/ui';

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

const partner: DataColumn<PartnerOrdersItem> = {
  key: 'partner',
  header: 'Partner',
  render: (r) => r.partnerName,
};
const ordersColumns: DataColumn<PartnerOrdersItem>[] = [
  partner,
  { key: 'orders', header: 'Orders', align: 'right', render: (r) => formatCount(r.orderCount) },
];
const itemsColumns: DataColumn<PartnerOrdersItem>[] = [
  partner,
  { key: 'items', header: 'Order items', align: 'right', render: (r) => formatCount(r.orderItemCount) },
];

/** Orders and order items per partner: two donuts, each with its table. */
export function PartnerOrdersPage() {
  const { params, inOrder, update } = useStatusReportParams();
  const report = useReport('partnerOrders', params, inOrder);
  const rows = inOrder ? report.data : [];
  const itemRows = rows && [...rows].sort((a, b) => b.orderItemCount - a.orderItemCount);
  const chart = (title: string, name: 'orderCount' | 'orderItemCount', label: string, data: typeof rows) => (
    <ChartFrame
      title={title}
      kind="donut"
      rows={data}
      category="partnerName"
      categoryLabel="Partner"
      series={[{ name, label }]}
      valueFormatter={formatCount}
      query={report}
      emptyText={NO_DATA}
    />
  );
  return (
    <ReportFrame
      title="Partner orders"
      actions={<ExportButton report="partnerOrders" params={params} />}
      filters={<StatusRangeFilter params={params} onChange={update} />}
    >
      <ChartWithTable
        chart={chart('Orders per partner', 'orderCount', 'Orders', rows)}
        table={
          <ReportTable
            title="Orders"
            columns={ordersColumns}
            rows={rows}
            rowKey={(r) => r.partner}
            query={report}
          />
        }
      />
      <ChartWithTable
        chart={chart('Order items per partner', 'orderItemCount', 'Order items', itemRows)}
        table={
          <ReportTable
            title="Order items"
            columns={itemsColumns}
            rows={itemRows}
            rowKey={(r) => r.partner}
            query={report}
          />
        }
      />
    </ReportFrame>
  );
}
