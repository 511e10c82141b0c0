import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderUi } from '@/test/render';

import { filterByName, searchOnlyAddress } from './search-in-browser';
import { SortHeader } from './sort-header';

describe('SortHeader', () => {
  it('says how the list is sorted and turns the direction of the sorted column', async () => {
    const onSort = vi.fn();
    renderUi(<SortHeader label="Name" sortKey="name" s="name" d="asc" onSort={onSort} />);
    await userEvent.click(screen.getByRole('button', { name: 'Name, sorted ascending' }));
    expect(onSort).toHaveBeenCalledWith({ s: 'name', d: 'desc' });
  });

  it('sorts by another column ascending', async () => {
    const onSort = vi.fn();
    renderUi(<SortHeader label="Price" sortKey="price" s="name" d="desc" onSort={onSort} />);
    await userEvent.click(screen.getByRole('button', { name: 'Price, sort by this column' }));
    expect(onSort).toHaveBeenCalledWith({ s: 'price', d: 'asc' });
  });
});

describe('a list the browser holds', () => {
  it('is searched by a case-insensitive contains on the name', () => {
    const rows = [{ name: 'Red' }, { name: 'Clear' }, { name: 'red rose' }];
    expect(filterByName(rows, ' RE ')).toEqual([{ name: 'Red' }, { name: 'red rose' }]);
    expect(filterByName(rows, '')).toEqual(rows);
  });

  it('keeps only a trimmed search in the address', () => {
    expect(searchOnlyAddress.parse({ q: '  rose ' })).toEqual({ q: 'rose' });
    expect(searchOnlyAddress.parse({ q: ['x'] })).toEqual({ q: '' });
    expect(searchOnlyAddress.parse({})).toEqual({ q: '' });
  });
});
