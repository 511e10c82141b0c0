import type { ProfitCentre } from '@bloomline/contract';

import { useProfitCentres } from '@/api/lookups/profit-centres';
import {
  actionsColumn,
  EditAction,
  filterByName,
  formatPercent,
  ListPage,
  searchOnlyAddress,
  useListParams,
  type DataColumn,
} from '@/ui';
import { paths } from '@/lib/paths';

const columns: DataColumn<ProfitCentre>[] = [
  { key: 'name', header: 'Name', render: (c) => c.name },
  {
    key: 'default_markup',
    header: 'Default markup',
    render: (c) => formatPercent(c.default_markup),
    align: 'right',
  },
  // A phone keeps the name, the markup and Edit on screen; the rest shows on the form.
  {
    key: 'rebate',
    header: 'Rebate',
    render: (c) => formatPercent(c.rebate),
    align: 'right',
    visibleFrom: 'sm',
  },
  {
    key: 'auto_update',
    header: 'Auto update',
    visibleFrom: 'sm',
    render: (c) => (c.default_auto_update ? 'Yes' : 'No'),
  },
  actionsColumn((c) => <EditAction to={paths.profitCentres.edit(c.id)} name={c.name} />),
];

export function ProfitCentreListPage() {
  const { params, update } = useListParams(searchOnlyAddress);
  const centres = useProfitCentres();
  const rows = centres.data ? filterByName(centres.data, params.q) : undefined;

  return (
    <ListPage
      title="Profit centres"
      addTo={paths.profitCentres.add}
      search={{ value: params.q, onSearch: (q) => update({ q }), label: 'Search profit centres by name' }}
      columns={columns}
      rows={rows}
      rowKey={(c) => c.id}
      query={centres}
      minWidth={0}
    />
  );
}
