import { queryOptions } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { renderApp } from '@/test/render';

import { RemoteSelect } from './remote-select';

type Flower = { id: number; name: string };
const FLOWERS: Flower[] = [
  { id: 1, name: 'Rose' },
  { id: 2, name: 'Protea' },
  { id: 3, name: 'Pincushion' },
];

/** A server that finds by name (or by 'cape', a word no name holds), and records what it was asked. */
const server = vi.fn(async (q: string) => {
  if (q === 'broken') throw new Error('The search failed.');
  if (q === 'cape') return FLOWERS.filter((f) => f.id > 1);
  return FLOWERS.filter((f) => f.name.toLowerCase().includes(q.toLowerCase()));
});
const flowerQuery = (q: string) => queryOptions({ queryKey: ['flowers', q], queryFn: () => server(q) });

function Picker({ start = null, fallback }: { start?: string | null; fallback?: boolean }) {
  const [value, setValue] = useState<string | null>(start);
  return (
    <>
      <RemoteSelect
        label="Flower"
        value={value}
        onChange={setValue}
        query={flowerQuery}
        options={(flowers) => flowers.map((f) => ({ value: String(f.id), label: f.name }))}
        current={start === '9' ? { value: '9', label: 'Strelitzia' } : null}
        fixed={[{ value: 'none', label: 'No flower' }]}
        clearable
        loadError={(error) => (error instanceof Error ? error.message : 'Failed')}
        fallback={fallback ? () => <p>Type an id instead</p> : undefined}
      />
      <output aria-label="Chosen">{value ?? 'nothing'}</output>
      <button type="button" onClick={() => setValue(null)}>
        Reset
      </button>
    </>
  );
}

const box = () => screen.getByRole('textbox', { name: 'Flower' });

describe('RemoteSelect', () => {
  it('asks the server once typing pauses and offers what it found, unfiltered', async () => {
    server.mockClear();
    renderApp(<Picker />);
    await waitFor(() => expect(server).toHaveBeenCalledWith(''));
    await userEvent.type(box(), 'cape');
    await waitFor(() => expect(server).toHaveBeenCalledWith('cape'));
    // The server found by a word the names lack: the box's own filter would hide them all.
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Rose' })).not.toBeInTheDocument());
    expect(screen.getByRole('option', { name: 'Protea' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Pincushion' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'No flower' })).not.toBeInTheDocument();
    // Debounced: not a call per letter.
    expect(server.mock.calls.map(([q]) => q)).toEqual(['', 'cape']);
  });

  it('is driven by the keyboard, and the chosen name is no search', async () => {
    server.mockClear();
    renderApp(<Picker />);
    await userEvent.type(box(), 'pro');
    await screen.findByRole('option', { name: 'Protea' });
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Rose' })).not.toBeInTheDocument());
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('2');
    expect(box()).toHaveValue('Protea');
    // The box shows the chosen name: the first page is offered again, not that one name.
    await userEvent.click(box());
    expect(await screen.findByRole('option', { name: 'Rose' })).toBeInTheDocument();
    expect(server).not.toHaveBeenCalledWith('Protea');
  });

  it('shows the current choice before any search finds it, and the fixed choices first', async () => {
    renderApp(<Picker start="9" />);
    expect(box()).toHaveValue('Strelitzia');
    await userEvent.click(box());
    const names = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(names).toEqual(['No flower', 'Strelitzia', 'Rose', 'Protea', 'Pincushion']);
  });

  it('says when nothing was found', async () => {
    renderApp(<Picker />);
    await userEvent.type(box(), 'tulip');
    expect(await screen.findByText('Nothing found.')).toBeInTheDocument();
  });

  it('empties the box when the value is emptied from outside', async () => {
    renderApp(<Picker start="9" />);
    expect(box()).toHaveValue('Strelitzia');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(box()).toHaveValue('');
  });

  it('says a failed search under the box, or gives way to a fallback', async () => {
    const { unmount } = renderApp(<Picker />);
    await userEvent.type(box(), 'broken');
    expect(await screen.findByText('The search failed.')).toBeInTheDocument();
    unmount();
    renderApp(<Picker fallback />);
    await userEvent.type(box(), 'broken');
    expect(await screen.findByText('Type an id instead')).toBeInTheDocument();
  });
});
