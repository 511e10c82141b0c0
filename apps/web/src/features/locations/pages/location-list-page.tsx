import { Text } from '@mantine/core';

import { locationListQuery, type LocationListItem } from '@bloomline/contract';

import { actionsColumn, EditAction, EMPTY_TEXT, ListPage, useListParams, type DataColumn } from '@/ui';
import { paths } from '@/lib/paths';

import { useLocations } from '../api/get-locations';

const columns: DataColumn<LocationListItem>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (l) => (
      <Text size="sm" fw={500}>
        {l.name}
      </Text>
    ),
  },
  { key: 'parent', header: 'Parent', render: (l) => l.parent?.name ?? EMPTY_TEXT },
  actionsColumn((l) => <EditAction to={paths.locations.edit(l.id)} name={l.name} />),
];

/** /locations: search and page live in the query string (q, page). */
export function LocationListPage() {
  const { params, update } = useListParams(locationListQuery);
  const locations = useLocations(params);

  return (
    <ListPage
      title="Locations"
      addTo={paths.locations.add}
      search={{ value: params.q ?? '', onSearch: (q) => update({ q }), label: 'Search locations' }}
      columns={columns}
      rows={locations.data?.data}
      rowKey={(l) => l.id}
      query={locations}
      meta={locations.data?.meta}
      onPage={(page) => update({ page })}
      minWidth={0}
    />
  );
}
