import { Button, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';

import type { ComponentRate } from '@bloomline/contract';

import {
  actionsColumn,
  DataTable,
  DeleteAction,
  formatPercent,
  Money,
  type DataColumn,
  type QueryView,
} from '@/ui';

import { useDeleteComponentRate } from '../api/delete-component-rate';

/** Why Delete is off for a rate in use (part 2, point 4): said beside the button, and read with it. */
export const inUseReason = (n: number) => `Used by ${String(n)} product ${n === 1 ? 'variant' : 'variants'}`;

export type RateTableProps = {
  componentId: number;
  rates: readonly ComponentRate[] | undefined;
  /** The query the rates come from (its first load and its failure with Retry). */
  query: QueryView;
  /** The rate Edit was pressed on (its form is open); its row's Edit is shown pressed. */
  editingId: number | null;
  onEdit: (rate: ComponentRate) => void;
};

/** The component's rates: one row per profit centre, with Edit and Delete. */
export function RateTable({ componentId, rates, query, editingId, onEdit }: RateTableProps) {
  const remove = useDeleteComponentRate(componentId);
  const columns: DataColumn<ComponentRate>[] = [
    { key: 'centre', header: 'Profit centre', render: (r) => r.profitCentre.name },
    {
      key: 'markup',
      header: 'Markup',
      align: 'right',
      visibleFrom: 'sm',
      render: (r) => formatPercent(r.markup),
    },
    {
      key: 'auto',
      header: 'Auto update',
      visibleFrom: 'sm',
      render: (r) => (r.auto_update ? 'Yes' : 'No'),
    },
    {
      key: 'rebate',
      header: 'Rebate',
      align: 'right',
      visibleFrom: 'sm',
      render: (r) => formatPercent(r.rebate),
    },
    { key: 'vat', header: 'VAT', align: 'right', visibleFrom: 'sm', render: (r) => <Money value={r.vat} /> },
    { key: 'price', header: 'Price', align: 'right', render: (r) => <Money value={r.price} /> },
    actionsColumn((r) => {
      const name = `rate in ${r.profitCentre.name}`;
      const reasonId = `rate-${r.id}-in-use`;
      return (
        <Stack gap={2} align="flex-end">
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={`Edit ${name}`}
            aria-pressed={editingId === r.id}
            onClick={() => onEdit(r)}
          >
            Edit
          </Button>
          <DeleteAction
            name={name}
            disabled={r.variantsCount > 0}
            aria-describedby={r.variantsCount > 0 ? reasonId : undefined}
            onConfirm={() => remove.mutateAsync(r.id)}
          />
          {r.variantsCount > 0 && (
            <Text id={reasonId} size="xs" c="dimmed" ta="right" maw={120}>
              {inUseReason(r.variantsCount)}
            </Text>
          )}
        </Stack>
      );
    }),
  ];

  return (
    <DataTable
      columns={columns}
      rows={rates}
      rowKey={(r) => r.id}
      query={query}
      empty="This component has no rates yet."
      caption="Component rates"
      minWidth={0}
    />
  );
}
