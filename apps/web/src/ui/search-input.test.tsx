import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderUi } from '@/test/render';

import { SEARCH_DEBOUNCE_MS, SearchInput } from './search-input';

const setup = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

/** A parent that keeps the query the way a list page keeps it in the URL. */
function Controlled({ onSearch, initial = '' }: { onSearch: (q: string) => void; initial?: string }) {
  const [q, setQ] = useState(initial);
  return (
    <>
      <SearchInput
        label="Search orders"
        value={q}
        onSearch={(next) => {
          onSearch(next);
          setQ(next);
        }}
      />
      <button type="button" onClick={() => setQ('from link')}>
        Follow link
      </button>
    </>
  );
}

describe('<SearchInput>', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has an accessible name', () => {
    renderUi(<SearchInput value="" onSearch={() => undefined} label="Search locations" />);
    expect(screen.getByRole('textbox', { name: 'Search locations' })).toBeInTheDocument();
  });

  it('searches once, half a second after typing stops', async () => {
    const onSearch = vi.fn();
    const user = setup();
    renderUi(<Controlled onSearch={onSearch} />);
    await user.type(screen.getByRole('textbox', { name: 'Search orders' }), 'rose');
    expect(onSearch).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('rose');
  });

  it('searches at once on Enter', async () => {
    const onSearch = vi.fn();
    const user = setup();
    renderUi(<Controlled onSearch={onSearch} />);
    await user.type(screen.getByRole('textbox', { name: 'Search orders' }), ' lily {Enter}');
    expect(onSearch).toHaveBeenCalledWith('lily');
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('clears the search with the clear button', async () => {
    const onSearch = vi.fn();
    const user = setup();
    renderUi(<Controlled onSearch={onSearch} initial="tulip" />);
    const box = screen.getByRole('textbox', { name: 'Search orders' });
    expect(box).toHaveValue('tulip');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box).toHaveValue('');
    expect(onSearch).toHaveBeenCalledWith('');
  });

  it('shows a search changed from outside without searching again', async () => {
    const onSearch = vi.fn();
    const user = setup();
    renderUi(<Controlled onSearch={onSearch} />);
    await user.click(screen.getByRole('button', { name: 'Follow link' }));
    expect(screen.getByRole('textbox', { name: 'Search orders' })).toHaveValue('from link');
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(onSearch).not.toHaveBeenCalled();
  });
});
