import { Checkbox, Group, Loader, Paper, Table, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPencil } from '@tabler/icons-react';
import { memo, type KeyboardEvent, type ReactNode } from 'react';

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
  /** On a phone the row is a card of labelled fields, one under the other (no sideways scroll). */
  stacked?: boolean;
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
  stacked = false,
}: BulkEditRowProps) {
  const row = useRowAutosave(component, { announce, unsaved });
  const name = row.saved.name;
  const revertOnEscape = (field: RowField) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    row.revert(field);
  };

  // A table cell, or on a phone a block of the card (a function, not a component: inputs keep their focus).
  const cell = (key: string, children: ReactNode) =>
    stacked ? (
      <div key={key} className={classes.cell}>
        {children}
      </div>
    ) : (
      <Table.Td key={key} className={classes.cell}>
        {children}
      </Table.Td>
    );

  const textCell = (field: TextField, column: number, label: string, header: string) =>
    cell(
      field,
      <TextInput
        {...cellAt(index, column)}
        label={stacked ? header : undefined}
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
      />,
    );

  const checkCell = (field: CheckField, column: number, label: string) =>
    cell(
      field,
      <div className={stacked ? classes.stackedCheck : classes.check}>
        <Checkbox
          {...cellAt(index, column)}
          label={stacked ? label : undefined}
          aria-label={`${label} of ${name}`}
          checked={row.values[field]}
          onChange={(event) => row.change(field, event.currentTarget.checked)}
          onKeyDown={revertOnEscape(field)}
          error={row.failure?.fields[field]}
        />
      </div>,
    );

  const cells = BULK_EDIT_COLUMNS.map(({ field, label, header }, column) =>
    field === 'name' || field === 'wholesale_excl_vat'
      ? textCell(field, column, label, header)
      : checkCell(field, column, label),
  );
  const state = { 'data-state': row.status, 'data-flash': row.flash ?? undefined };

  if (stacked) {
    return (
      <Paper
        component="li"
        withBorder
        radius="md"
        p="sm"
        className={`${classes.row} ${classes.card}`}
        {...state}
      >
        {cells}
        {/* A card says nothing until there is something to say (the grid keeps its Status column). */}
        {row.status !== 'idle' && <RowStatusCell row={row} />}
      </Paper>
    );
  }
  return (
    <Table.Tr className={classes.row} {...state}>
      {cells}
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
