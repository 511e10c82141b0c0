import { Button, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';

import { locationListQuery, type LocationListItem } from '@bloomline/contract';

import { actionsColumn, EMPTY_TEXT, ListPage, useListParams, type DataColumn } from '@/ui';

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
  actionsColumn(
    (l) => (
      <Button
        component={Link}
        to={`/locations/${l.id}`}
        size="compact-sm"
        variant="default"
        leftSection={<IconPencil size={14} aria-hidden />}
        aria-label={`Edit ${l.name}`}
      >
        Edit
      </Button>
    ),
    <VisuallyHidden>Actions</VisuallyHidden>,
  ),
];

/** /locations: search and page live in the query string (q, page). */
export function LocationListPage() {
  const { params, update } = useListParams(locationListQuery);
  const locations = useLocations(params);

  return (
    <ListPage
      title="Locations"
      actions={
        <Button component={Link} to="/locations/add" leftSection={<IconPlus size={16} aria-hidden />}>
          Add
        </Button>
      }
      search={{ value: params.q ?? '', onSearch: (q) => update({ q }), label: 'Search locations' }}
      columns={columns}
      rows={locations.data?.data}
      rowKey={(l) => l.id}
      loading={locations.isPending}
      error={locations.error}
      onRetry={() => void locations.refetch()}
      meta={locations.data?.meta}
      onPage={(page) => update({ page })}
      minWidth={0}
    />
  );
}
