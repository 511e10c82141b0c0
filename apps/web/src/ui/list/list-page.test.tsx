import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { buildPageMeta, locationListQuery } from '@bloomline/contract';

import { aQuery } from '@/test/query';
import { renderApp, Where } from '@/test/render';

import { actionsColumn, DELETE_CONFIRM_TEXT, DeleteAction, ListPage, NOTHING_FOUND } from './list-page';
import { useListParams } from './use-list-params';

afterEach(() => vi.restoreAllMocks());

type Row = { id: number; name: string };

function Screen({ rows, onDelete }: { rows?: Row[]; onDelete?: (row: Row) => Promise<unknown> }) {
  const { params, update } = useListParams(locationListQuery);
  return (
    <>
      <ListPage<Row>
        title="Things"
        search={{ value: params.q ?? '', onSearch: (q) => update({ q }) }}
        columns={[
          { key: 'name', header: 'Name', render: (r) => r.name },
          actionsColumn((r) => <DeleteAction name={r.name} onConfirm={() => onDelete?.(r)} />),
        ]}
        rows={rows}
        rowKey={(r) => r.id}
        query={aQuery()}
        meta={buildPageMeta({ page: params.page, perPage: 15, total: 40, path: '/api/things' })}
        onPage={(page) => update({ page })}
      />
      <Where />
    </>
  );
}

describe('ListPage', () => {
  it('reads page and search from the address, leniently', async () => {
    renderApp(<Screen rows={[]} />, { history: ['/things?page=2&q=sea&per_page=oops'] });
    expect(await screen.findByRole('textbox', { name: 'Search things' })).toHaveValue('sea');
    expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText(NOTHING_FOUND)).toBeInTheDocument();
  });

  it('keeps paging and search in the address; a new search starts at page 1; Back restores', async () => {
    const { router } = renderApp(<Screen rows={[{ id: 1, name: 'One' }]} />, { history: ['/things'] });
    await userEvent.click(await screen.findByRole('button', { name: '3' }));
    expect(screen.getByLabelText('Location')).toHaveTextContent('/things?page=3');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search things' }), 'ro{Enter}');
    expect(screen.getByLabelText('Location')).toHaveTextContent(/^\/things\?q=ro$/);
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByLabelText('Location')).toHaveTextContent('/things?page=3'));
    expect(screen.getByRole('textbox', { name: 'Search things' })).toHaveValue('');
  });

  it('deletes only after the spec question, and shows a refusal in the dialog', async () => {
    const onDelete = vi.fn().mockRejectedValueOnce(new Error('The unit is used by 3 component units.'));
    renderApp(<Screen rows={[{ id: 1, name: 'Stem' }]} onDelete={onDelete} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Stem' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(DELETE_CONFIRM_TEXT);
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The unit is used by 3 component units.');
    expect(onDelete).toHaveBeenCalledWith({ id: 1, name: 'Stem' });
  });
});
