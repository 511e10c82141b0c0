import type { Colour } from '@bloomline/contract';

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

import { useDeleteColour } from '../api/delete-colour';
import { useColours } from '../api/get-colours';

/** /colours: the whole list, searched by name in the browser; only the search lives in the address. */
export function ColourListPage() {
  const { params, update } = useListParams(searchOnlyAddress);
  const colours = useColours();
  const remove = useDeleteColour();
  const rows = colours.data ? filterByName(colours.data, params.q) : undefined;

  const columns: DataColumn<Colour>[] = [
    { key: 'name', header: 'Name', render: (c) => c.name },
    actionsColumn((c) => (
      <>
        <EditAction to={paths.colours.edit(c.id)} name={c.name} />
        <DeleteAction name={c.name} onConfirm={() => remove.mutateAsync(c.id)} />
      </>
    )),
  ];

  return (
    <ListPage
      title="Colours"
      addTo={paths.colours.add}
      search={{ value: params.q, onSearch: (q) => update({ q }), label: 'Search colours by name' }}
      columns={columns}
      rows={rows}
      rowKey={(c) => c.id}
      query={colours}
      minWidth={0}
    />
  );
}
