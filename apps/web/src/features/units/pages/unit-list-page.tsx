import type { MeasureUnit } from '@bloomline/contract';

import {
  actionsColumn,
  DeleteAction,
  EditAction,
  filterByName,
  ListPage,
  searchOnlyAddress,
  useListParams,
  type DataColumn,
} from '@/ui';
import { paths } from '@/lib/paths';

import { useDeleteUnit } from '../api/delete-unit';
import { useUnits } from '../api/get-units';

export function UnitListPage() {
  const { params, update } = useListParams(searchOnlyAddress);
  const units = useUnits();
  const remove = useDeleteUnit();
  const rows = units.data ? filterByName(units.data, params.q) : undefined;

  const columns: DataColumn<MeasureUnit>[] = [
    { key: 'name', header: 'Unit Name', render: (u) => u.name },
    { key: 'short_code', header: 'Short Code', render: (u) => u.short_code },
    actionsColumn((u) => (
      <>
        <EditAction to={paths.units.edit(u.id)} name={u.name} />
        <DeleteAction name={u.name} onConfirm={() => remove.mutateAsync(u.id)} />
      </>
    )),
  ];

  return (
    <ListPage
      title="Units of measure"
      addTo={paths.units.add}
      search={{ value: params.q, onSearch: (q) => update({ q }), label: 'Search units by name' }}
      columns={columns}
      rows={rows}
      rowKey={(u) => u.id}
      query={units}
      minWidth={0}
    />
  );
}
