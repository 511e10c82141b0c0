import { Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

import type { Component, ComponentListQuery } from '@bloomline/contract';

import { SortHeader } from '@/ui';

import { moveInGrid } from './bulk-edit-navigation';
import { BULK_EDIT_COLUMNS, BulkEditRow } from './bulk-edit-row';
import classes from './bulk-edit-table.module.css';
import type { UnsavedRows } from './use-row-autosave';

type Sort = Pick<ComponentListQuery, 's' | 'd'>;

/** The width the grid needs. */
export const BULK_EDIT_MIN_WIDTH = 880;
/** Below Mantine's `md` breakpoint the page is narrower than the grid: a card per component instead. */
const CARDS_QUERY = '(max-width: 61.99em)';

const SORTABLE: Partial<Record<string, Sort['s']>> = {
  name: 'name',
  wholesale_excl_vat: 'wholesale_excl_vat',
};
const WIDTHS: Partial<Record<string, number>> = { name: 260, wholesale_excl_vat: 150 };

export type BulkEditTableProps = {
  rows: readonly Component[];
  sort: Sort;
  /** A header's button: the same key again turns the direction round. */
  onSort: (sort: Sort) => void;
  announce: (message: string) => void;
  unsaved: UnsavedRows;
  /** Another page or search is on its way. */
  busy?: boolean;
};

/** The components as a grid of inputs: arrow keys and Enter move between cells, each row saves itself. */
export function BulkEditTable({ rows, sort, onSort, announce, unsaved, busy }: BulkEditTableProps) {
  const cards = useMediaQuery(CARDS_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
  if (cards) {
    return (
      <>
        <Group gap="md" wrap="wrap" role="group" aria-label="Sort">
          <Text size="sm" fw={600} c="gray.7" aria-hidden>
            Sort:
          </Text>
          {BULK_EDIT_COLUMNS.flatMap(({ field, label }) => {
            const by = SORTABLE[field];
            return by
              ? [<SortHeader key={field} label={label} sortKey={by} s={sort.s} d={sort.d} onSort={onSort} />]
              : [];
          })}
        </Group>
        <ul
          className={classes.cards}
          aria-label="Components, editable in place"
          aria-busy={busy || undefined}
          onKeyDown={moveInGrid}
        >
          {rows.map((component, index) => (
            <BulkEditRow
              key={component.id}
              component={component}
              index={index}
              announce={announce}
              unsaved={unsaved}
              stacked
            />
          ))}
        </ul>
      </>
    );
  }
  return (
    // Relative, so that the hidden caption (absolutely placed) stays inside the box that scrolls.
    <Table.ScrollContainer minWidth={BULK_EDIT_MIN_WIDTH} type="native" pos="relative">
      <Table verticalSpacing="xs" aria-busy={busy || undefined} onKeyDown={moveInGrid}>
        <Table.Caption>
          <VisuallyHidden>Components, editable in place</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {BULK_EDIT_COLUMNS.map(({ field, header }) => {
              const by = SORTABLE[field];
              const ariaSort =
                by && sort.s === by ? (sort.d === 'asc' ? 'ascending' : 'descending') : undefined;
              return (
                <Table.Th key={field} scope="col" w={WIDTHS[field]} aria-sort={ariaSort}>
                  {by ? (
                    <SortHeader label={header} sortKey={by} s={sort.s} d={sort.d} onSort={onSort} />
                  ) : (
                    header
                  )}
                </Table.Th>
              );
            })}
            <Table.Th scope="col" w={150}>
              Status
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((component, index) => (
            <BulkEditRow
              key={component.id}
              component={component}
              index={index}
              announce={announce}
              unsaved={unsaved}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
