import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { buildPageMeta } from '@bloomline/contract';

import { renderUi } from '@/test/render';

import { Pager, PAGER_NARROW_QUERY } from './pager';

const meta = (page: number, total: number) =>
  buildPageMeta({ page, perPage: 10, total, path: '/api/orders' });

/** Makes the screen as narrow as a phone for the pager's media query. */
function phoneScreen() {
  const real = window.matchMedia.bind(window);
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
    ...real(query),
    matches: query === PAGER_NARROW_QUERY,
  }));
}

describe('<Pager>', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows Previous, the page numbers and Next, marking the current page', () => {
    renderUi(<Pager meta={meta(1, 25)} onPage={() => undefined} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: '2' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('button', { name: '3' })).toBeInTheDocument();
    expect(screen.queryByText(/laquo|raquo/)).not.toBeInTheDocument();
  });

  it('asks for the page the user picks', async () => {
    const onPage = vi.fn();
    renderUi(<Pager meta={meta(2, 25)} onPage={onPage} />);
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    expect(onPage).toHaveBeenLastCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage).toHaveBeenLastCalledWith(1);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenLastCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(onPage).toHaveBeenCalledTimes(3);
  });

  it('shows the gaps of a long list as plain text', () => {
    renderUi(<Pager meta={meta(1, 500)} onPage={() => undefined} />);
    expect(screen.getByText('...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '50' })).toBeInTheDocument();
  });

  it('shows only the pages next to the current one on a small screen', () => {
    phoneScreen();
    renderUi(<Pager meta={meta(10, 500)} onPage={() => undefined} />);
    const pages = screen
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((t) => t !== 'Previous' && t !== 'Next');
    expect(pages).toEqual(['9', '10', '11']);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.queryByText('...')).not.toBeInTheDocument();
  });

  it('renders nothing when there is one page', () => {
    renderUi(<Pager meta={meta(1, 5)} onPage={() => undefined} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('reads the page from the link url when the label is not a number', async () => {
    const onPage = vi.fn();
    renderUi(
      <Pager
        meta={{
          ...meta(1, 25),
          links: [
            { url: null, label: '&laquo; Previous', active: false },
            { url: '/api/orders?page=1', label: '1', active: true },
            { url: '/api/orders?page=2', label: '2', active: false },
            { url: '/api/orders?q=rose&page=2', label: 'Next &raquo;', active: false },
          ],
        }}
        onPage={onPage}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});
