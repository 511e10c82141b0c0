import { Button, Image, Text, VisuallyHidden } from '@mantine/core';
import { IconListDetails, IconTable } from '@tabler/icons-react';
import { Link } from 'react-router';

import { componentListQuery, componentUnitLabel, type Component } from '@bloomline/contract';

import {
  actionsColumn,
  EditAction,
  EMPTY_TEXT,
  ListPage,
  Money,
  SortHeader,
  useListParams,
  type DataColumn,
} from '@/ui';
import { paths } from '@/lib/paths';

import { useComponents } from '../api/get-components';

/** /components: search, sort and page live in the address (q, s, d, page). */
export function ComponentListPage() {
  const { params, update } = useListParams(componentListQuery);
  const components = useComponents(params);
  const sort = { s: params.s, d: params.d, onSort: update };

  const columns: DataColumn<Component>[] = [
    {
      key: 'picture',
      header: <VisuallyHidden>Picture</VisuallyHidden>,
      label: 'Picture',
      width: 56,
      visibleFrom: 'sm',
      render: (c) =>
        c.imageUrl ? (
          <Image src={c.imageUrl} alt={`Picture of ${c.name}`} w={40} h={40} fit="cover" radius="sm" />
        ) : null,
    },
    {
      key: 'name',
      header: <SortHeader label="Name" sortKey="name" {...sort} />,
      label: 'Name',
      headerControl: true,
      render: (c) => (
        <Text size="sm" fw={500}>
          {c.name}
        </Text>
      ),
    },
    {
      key: 'unit',
      header: 'Unit',
      visibleFrom: 'md',
      render: (c) => (c.unit ? componentUnitLabel(c.unit) : EMPTY_TEXT),
    },
    { key: 'colour', header: 'Colour', visibleFrom: 'md', render: (c) => c.colour?.name ?? EMPTY_TEXT },
    {
      key: 'wholesale',
      header: <SortHeader label="Wholesale" sortKey="wholesale_excl_vat" {...sort} />,
      label: 'Wholesale',
      headerControl: true,
      align: 'right',
      render: (c) => <Money value={c.wholesale_excl_vat} />,
    },
    actionsColumn((c) => (
      <>
        <EditAction to={paths.components.edit(c.id)} name={c.name} />
        <Button
          component={Link}
          to={paths.componentRates(c.id)}
          size="compact-sm"
          variant="default"
          leftSection={<IconListDetails size={14} aria-hidden />}
          aria-label={`Rates of ${c.name}`}
        >
          Rates
        </Button>
      </>
    )),
  ];

  return (
    <ListPage
      title="Components"
      addTo={paths.components.add}
      actions={
        <Button
          component={Link}
          to={paths.components.bulkEdit}
          variant="default"
          leftSection={<IconTable size={16} aria-hidden />}
        >
          Bulk edit
        </Button>
      }
      search={{ value: params.q ?? '', onSearch: (q) => update({ q }), label: 'Search components by name' }}
      columns={columns}
      rows={components.data?.data}
      rowKey={(c) => c.id}
      query={components}
      meta={components.data?.meta}
      onPage={(page) => update({ page })}
      minWidth={0}
    />
  );
}
