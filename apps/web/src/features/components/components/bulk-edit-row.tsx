import { Checkbox, Group, Loader, Table, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPencil } from '@tabler/icons-react';
import { memo, type KeyboardEvent } from 'react';

import type { Component } from '@bloomline/contract';

import { cellAt } from './bulk-edit-navigation';
import classes from './bulk-edit-table.module.css';
import type { RowField, RowStatus } from './row-autosave';
import { useRowAutosave, type RowAutosaveApi, type UnsavedRows } from './use-row-autosave';

type TextField = 'name' | 'wholesale_excl_vat';
type CheckField = Exclude<RowField, TextField>;

/** The grid's editable columns, in order; a cell's accessible name is "<label> of <component>". */
export const BULK_EDIT_COLUMNS = [
  { field: 'name', label: 'Name', header: 'Name' },
  { field: 'wholesale_excl_vat', label: 'Wholesale excl VAT', header: 'Wholesale excl VAT' },
  { field: 'container', label: 'Container', header: 'Container' },
  {
    field: 'exclude_auto_calculations',
    label: 'Exclude auto calculations',
    header: 'Exclude auto calculations',
  },
  { field: 'show_on_menu', label: 'Show on menu', header: 'Show on menu' },
  { field: 'is_commission', label: 'Is commission', header: 'Is commission' },
] as const satisfies readonly { field: RowField; label: string; header: string }[];

const STATUS_TEXT: Record<RowStatus, string> = {
  idle: '',
  pending: 'Unsaved',
  saving: 'Saving…',
  saved: 'Saved',
  failed: 'Not saved',
};

function StatusIcon({ status }: { status: RowStatus }) {
  if (status === 'saving') return <Loader size={14} aria-hidden />;
  if (status === 'saved')
    return <IconCircleCheck size={16} color="var(--mantine-color-green-8)" aria-hidden />;
  if (status === 'failed')
    return <IconAlertTriangle size={16} color="var(--mantine-color-red-9)" aria-hidden />;
  if (status === 'pending') return <IconPencil size={16} aria-hidden />;
  return null;
}

export type BulkEditRowProps = {
  component: Component;
  /** The row's place in the grid, for the arrow keys. */
  index: number;
  announce: (message: string) => void;
  unsaved: UnsavedRows;
};

/**
 * One component, its cells editable in place; the row saves itself (see RowAutosave). Memoised: a save
 * announced or a row turning dirty re-renders the page, not the other rows' inputs.
 */
export const BulkEditRow = memo(function BulkEditRow({
  component,
  index,
  announce,
  unsaved,
}: BulkEditRowProps) {
  const row = useRowAutosave(component, { announce, unsaved });
  const name = row.saved.name;
  const revertOnEscape = (field: RowField) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    row.revert(field);
  };

  const textCell = (field: TextField, column: number, label: string) => (
    <Table.Td className={classes.cell} key={field}>
      <TextInput
        {...cellAt(index, column)}
        aria-label={`${label} of ${name}`}
        value={row.values[field]}
        onChange={(event) => row.change(field, event.currentTarget.value)}
        onKeyDown={revertOnEscape(field)}
        error={row.failure?.fields[field]}
        {...(field === 'wholesale_excl_vat'
          ? {
              inputMode: 'decimal' as const,
              autoComplete: 'off',
              styles: { input: { textAlign: 'right' as const } },
            }
          : { autoComplete: 'off' })}
      />
    </Table.Td>
  );

  const checkCell = (field: CheckField, column: number, label: string) => (
    <Table.Td className={classes.cell} key={field}>
      <div className={classes.check}>
        <Checkbox
          {...cellAt(index, column)}
          aria-label={`${label} of ${name}`}
          checked={row.values[field]}
          onChange={(event) => row.change(field, event.currentTarget.checked)}
          onKeyDown={revertOnEscape(field)}
          error={row.failure?.fields[field]}
        />
      </div>
    </Table.Td>
  );

  return (
    <Table.Tr className={classes.row} data-state={row.status} data-flash={row.flash ?? undefined}>
      {BULK_EDIT_COLUMNS.map(({ field, label }, column) =>
        field === 'name' || field === 'wholesale_excl_vat'
          ? textCell(field, column, label)
          : checkCell(field, column, label),
      )}
      <Table.Td className={classes.cell}>
        <RowStatusCell row={row} />
      </Table.Td>
    </Table.Tr>
  );
});

function RowStatusCell({ row }: { row: RowAutosaveApi }) {
  return (
    <div>
      <Group gap={6} wrap="nowrap" pt={8}>
        <StatusIcon status={row.status} />
        <Text size="sm">{STATUS_TEXT[row.status]}</Text>
      </Group>
      {row.status === 'failed' && row.failure?.message && (
        <Text size="xs" c="red.9" mt={4}>
          {row.failure.message}
        </Text>
      )}
    </div>
  );
}
