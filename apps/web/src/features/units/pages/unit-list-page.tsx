import { Button } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';

import type { MeasureUnit } from '@bloomline/contract';

import { actionsColumn, DeleteAction, ListPage, useListParams, type DataColumn } from '@/ui';

import { useDeleteUnit } from '../api/delete-unit';
import { filterUnits, useUnits } from '../api/get-units';

/** Only the search lives in the address: the browser holds the whole list. */
const unitAddress = {
  shape: { q: true },
  parse: (raw: unknown) => {
    const q = (raw as { q?: unknown }).q;
    return { q: typeof q === 'string' ? q.trim().slice(0, 100) : '' };
  },
};

export function UnitListPage() {
  const { params, update } = useListParams(unitAddress);
  const units = useUnits();
  const remove = useDeleteUnit();
  const rows = units.data ? filterUnits(units.data, params.q) : undefined;

  const columns: DataColumn<MeasureUnit>[] = [
    { key: 'name', header: 'Unit Name', render: (u) => u.name },
    { key: 'short_code', header: 'Short Code', render: (u) => u.short_code },
    actionsColumn((u) => (
      <>
        <Button
          component={Link}
          to={`/units/${u.id}`}
          size="compact-sm"
          variant="default"
          leftSection={<IconPencil size={14} aria-hidden />}
          aria-label={`Edit ${u.name}`}
        >
          Edit
        </Button>
        <DeleteAction name={u.name} onConfirm={() => remove.mutateAsync(u.id)} />
      </>
    )),
  ];

  return (
    <ListPage
      title="Units of measure"
      actions={
        <Button component={Link} to="/units/add" leftSection={<IconPlus size={16} aria-hidden />}>
          Add
        </Button>
      }
      search={{ value: params.q, onSearch: (q) => update({ q }), label: 'Search units by name' }}
      columns={columns}
      rows={rows}
      rowKey={(u) => u.id}
      loading={units.isPending}
      error={units.error}
      onRetry={() => void units.refetch()}
      minWidth={0}
    />
  );
}
