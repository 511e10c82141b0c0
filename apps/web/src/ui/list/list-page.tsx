import { Button, Group, Paper, Stack } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import type { PageMeta } from '@bloomline/contract';

import { ConfirmAction, type ConfirmActionProps } from '../confirm-action';
import { DataTable, type DataColumn } from '../data-table';
import { PageTitle, type Breadcrumb } from '../page-title';
import { Pager } from '../pager';
import type { QueryView } from '../query-view';
import { SearchInput } from '../search-input';

/** What every list says when it has no rows. */
export const NOTHING_FOUND = 'Nothing found.';
/** The spec's question before any record is deleted. */
export const DELETE_CONFIRM_TEXT = 'Confirm that you want to delete the record';

export type ListPageProps<T> = {
  title: string;
  breadcrumbs?: Breadcrumb[];
  /** Where the Add button beside the title leads (the form for a new record). */
  addTo?: string;
  /** Other buttons beside the title. */
  actions?: ReactNode;
  /** A note about the whole list, shown above the search (e.g. that a service it draws on is down). */
  notice?: ReactNode;
  /** The search box: the search in force and what to do with a new one (500 ms after typing stops). */
  search?: { value: string; onSearch: (q: string) => void; label?: string };
  columns: DataColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  /** The query the rows come from: the table's skeleton while it first loads, its failure with Retry. */
  query: QueryView;
  /** Laravel's paging meta, for the pager; a list the browser holds whole has none. */
  meta?: PageMeta | null;
  onPage?: (page: number) => void;
  caption?: string;
  minWidth?: number;
  /** What the list says with no rows: "Nothing found." unless the screen says more (how to add the first). */
  empty?: ReactNode;
  /** Shown between the title and the list (a map of the rows, a summary). */
  children?: ReactNode;
};

/** The list screen every area uses: title and actions, search, the table with its states, the pager. */
export function ListPage<T>({
  title,
  breadcrumbs,
  addTo,
  actions,
  notice,
  search,
  columns,
  rows,
  rowKey,
  query,
  meta,
  onPage,
  caption = title,
  minWidth = 480,
  empty = NOTHING_FOUND,
  children,
}: ListPageProps<T>) {
  return (
    <Stack gap="md">
      <PageTitle
        title={title}
        breadcrumbs={breadcrumbs}
        actions={
          <>
            {actions}
            {addTo && (
              <Button component={Link} to={addTo} leftSection={<IconPlus size={16} aria-hidden />}>
                Add
              </Button>
            )}
          </>
        }
      />
      {children}
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <Stack gap="md">
          {notice}
          {search && (
            <Group>
              <SearchInput
                value={search.value}
                onSearch={search.onSearch}
                label={search.label ?? `Search ${title.toLowerCase()}`}
                w={{ base: '100%', sm: 320 }}
              />
            </Group>
          )}
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            query={query}
            empty={empty}
            caption={caption}
            minWidth={minWidth}
          />
          {onPage && <Pager meta={meta} onPage={onPage} />}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The Actions column: a row's buttons, at the right of a table row and at the foot of a phone's card. */
export function actionsColumn<T>(render: (row: T) => ReactNode, header = 'Actions'): DataColumn<T> {
  return { key: 'actions', header, align: 'right', actions: true, render };
}

export type DeleteActionProps = Omit<ConfirmActionProps, 'label' | 'title' | 'message'> & {
  /** What is deleted, for the button's accessible name ("Delete Stem"). */
  name: string;
};

/** Delete, confirmed with the spec's words; a refusal (a 409 naming the use) shows in the dialog. */
export function DeleteAction({ name, ...rest }: DeleteActionProps) {
  return (
    <ConfirmAction
      label="Delete"
      aria-label={`Delete ${name}`}
      title="Delete record"
      message={DELETE_CONFIRM_TEXT}
      confirmLabel="Delete"
      size="compact-sm"
      variant="default"
      // A dark red reads at 4.5:1 on the table's striped rows too.
      c="red.9"
      {...rest}
    />
  );
}

/** Edit on a row: a link to the record's form, named for the record ("Edit Stem"). */
export function EditAction({ to, name }: { to: string; name: string }) {
  return (
    <Button
      component={Link}
      to={to}
      size="compact-sm"
      variant="default"
      leftSection={<IconPencil size={14} aria-hidden />}
      aria-label={`Edit ${name}`}
    >
      Edit
    </Button>
  );
}
