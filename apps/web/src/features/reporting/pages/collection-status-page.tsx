import { type CollectionStatusItem } from '@bloomline/contract';

import { type DataColumn, DataTable } from '@/ui';

import { useReport } from '../api/reporting-api';
import { ExportButton, ReportFrame } from '../components/report-frame';

const columns: DataColumn<CollectionStatusItem>[] = [
  { key: 'name', header: 'Name', render: (r) => r.name },
  { key: 'local', header: 'Local delivery', render: (r) => (r.local_delivery ? 'Yes' : 'No') },
  { key: 'partners', header: 'Partners', align: 'right', render: (r) => r.partners },
];

/** Per city: whether an enabled florist delivers there and how many partners reach it. No filters. */
export function CollectionStatusPage() {
  const report = useReport('collectionStatus', {});
  return (
    <ReportFrame title="Collection status" actions={<ExportButton report="collectionStatus" params={{}} />}>
      <DataTable
        columns={columns}
        rows={report.data}
        rowKey={(r) => r.id}
        query={report}
        empty="No cities in the locations yet."
        caption="Collection status per city"
        minWidth={0}
      />
    </ReportFrame>
  );
}
