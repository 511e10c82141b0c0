import { Button } from '@mantine/core';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderUi } from '@/test/render';

import { onPhone } from '@/test/phone';
import { aQuery } from '@/test/query';

import { DataTable, type DataColumn, type DataTableProps } from './data-table';
import { actionsColumn, SortHeader } from './list';

type Row = { id: number; name: string; parent: string | null };

const columns: DataColumn<Row>[] = [
  { key: 'name', header: 'Name', render: (r) => r.name },
  { key: 'parent', header: 'Parent', render: (r) => r.parent ?? '—', visibleFrom: 'sm' },
  { key: 'edit', header: 'Actions', render: (r) => <Button size="xs">Edit {r.name}</Button> },
];
const loading = aQuery({ isLoading: true });
const failed = (state = {}) => aQuery({ isError: true, error: new Error('Server Error'), ...state });
const rows: Row[] = [
  { id: 1, name: 'Gauteng', parent: 'South Africa' },
  { id: 2, name: 'Sandton', parent: null },
];

describe('<DataTable>', () => {
  it('shows headers, one row per item and the caption', () => {
    renderUi(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} caption="Locations" />);
    const table = screen.getByRole('table', { name: 'Locations' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Parent', 'Actions']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('GautengSouth Africa');
    expect(second).toHaveTextContent('Sandton—');
    expect(screen.getByRole('button', { name: 'Edit Sandton' })).toBeInTheDocument();
  });

  it('shows the empty text in a single cell', () => {
    renderUi(<DataTable columns={columns} rows={[]} rowKey={(r) => r.id} empty="No orders to display" />);
    const cell = screen.getByRole('cell', { name: 'No orders to display' });
    expect(cell).toHaveAttribute('colspan', '3');
  });

  it('marks the table busy while loading and shows no rows', () => {
    renderUi(
      <DataTable columns={columns} rows={undefined} rowKey={(r) => r.id} query={loading} skeletonRows={3} />,
    );
    const table = screen.getByRole('table');
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByText('Nothing to display')).not.toBeInTheDocument();
  });

  it('shows the error and retries on request', async () => {
    const onRetry = vi.fn();
    renderUi(
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} query={failed({ refetch: onRetry })} />,
    );
    expect(screen.getByText('Server Error')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('keeps its rows through a failed refresh when told, and leaves a failure to the screen when told', () => {
    const table = (props: Partial<DataTableProps<Row>>) => (
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} query={failed()} {...props} />
    );
    renderUi(table({ showError: 'without-rows' }));
    expect(screen.getByRole('table')).toHaveTextContent('Gauteng');
    expect(screen.queryByText('Server Error')).not.toBeInTheDocument();
    cleanup();

    renderUi(table({ showError: 'without-rows', rows: undefined }));
    expect(screen.getByText('Server Error')).toBeInTheDocument();
    cleanup();

    renderUi(table({ showError: 'never', rows: undefined, empty: 'No data.' }));
    expect(screen.queryByText('Server Error')).not.toBeInTheDocument();
    expect(screen.getByText('No data.')).toBeInTheDocument();
  });
});

describe('<DataTable> on a phone', () => {
  onPhone();

  const phoneColumns: DataColumn<Row>[] = [
    {
      key: 'name',
      header: <SortHeader label="Name" sortKey="name" s="name" d="asc" onSort={() => undefined} />,
      label: 'Name',
      headerControl: true,
      render: (r) => r.name,
    },
    // Hidden from a narrow table, never from a card.
    { key: 'parent', header: 'Parent', render: (r) => r.parent, visibleFrom: 'md' },
    actionsColumn((r) => (
      <>
        <Button size="compact-sm">Edit {r.name}</Button>
        <Button size="compact-sm" aria-label={`Change partner of ${r.name}`}>
          Change partner
        </Button>
      </>
    )),
  ];

  it('draws each row as a card of every column, label and value, with its actions named', () => {
    renderUi(<DataTable columns={phoneColumns} rows={rows} rowKey={(r) => r.id} caption="Locations" />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Locations' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(
      within(first)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Name', 'Parent']);
    expect(
      within(first)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['Gauteng', 'South Africa']);
    // A missing value shows as the dash every list uses, not as an empty line.
    expect(
      within(second)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['Sandton', '—']);
    expect(within(second).getByRole('button', { name: 'Edit Sandton' })).toBeInTheDocument();
    const change = within(second).getByRole('button', { name: 'Change partner of Sandton' });
    expect(change).toHaveTextContent('Change partner');
  });

  it('keeps the sort buttons of the headers above the cards', () => {
    renderUi(<DataTable columns={phoneColumns} rows={rows} rowKey={(r) => r.id} caption="Locations" />);
    const sort = screen.getByRole('group', { name: 'Sort' });
    expect(within(sort).getByRole('button', { name: 'Name, sorted ascending' })).toBeInTheDocument();
  });

  it('says when there is nothing, and is busy while loading', () => {
    const { unmount } = renderUi(
      <DataTable columns={phoneColumns} rows={[]} rowKey={(r) => r.id} empty="Nothing found." />,
    );
    expect(screen.getByText('Nothing found.')).toBeInTheDocument();
    unmount();
    renderUi(
      <DataTable
        columns={phoneColumns}
        rows={undefined}
        rowKey={(r) => r.id}
        query={loading}
        caption="Units"
      />,
    );
    expect(screen.getByRole('status', { name: 'Loading Units' })).toHaveAttribute('aria-busy', 'true');
  });
});
