import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { callsOf, urlOf } from '@/test/api-stub';
import { renderApp } from '@/test/render';

import { PartnerListPage } from './partner-list-page';
import { listItem, partnersApi } from './partners.test-support';

afterEach(() => vi.restoreAllMocks());

describe('/partners', () => {
  it('asks with q from the address and shows the table, Add, Export and the map', async () => {
    const spy = partnersApi();
    renderApp(<PartnerListPage />, { history: ['/partners?q=kloof'], path: '/partners' });
    expect(screen.getByRole('heading', { level: 1, name: 'Partners' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Kloof Street Flowers' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'City',
      'Province',
      'Type',
      'Rating',
      'Enabled',
      'Actions',
    ]);
    const row = screen.getByRole('cell', { name: 'Table View Roses' }).closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'No' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Products of Kloof Street Flowers' })).toHaveAttribute(
      'href',
      '/partners/7/products',
    );
    expect(screen.getByRole('link', { name: 'Edit Kloof Street Flowers' })).toHaveAttribute(
      'href',
      '/partners/7',
    );
    expect(screen.getByRole('button', { name: 'Disable Kloof Street Flowers' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable Table View Roses' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/partners/add');
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Month-end statements' })).toHaveAttribute(
      'href',
      '/statements/month-end',
    );
    expect(await screen.findByRole('region', { name: /Map of the partners/ })).toBeInTheDocument();
    expect(callsOf(spy)).toContain('GET /api/partners?q=kloof');
  });

  it('disables after confirming and reloads the list', async () => {
    let enabled = true;
    const spy = partnersApi((url, init) => {
      if (url.pathname === '/api/partners/7/enabled' && init.method === 'POST') {
        enabled = !enabled;
        return { body: { data: { ...listItem(), enabled } } };
      }
      if (url.pathname === '/api/partners') return { body: { data: [listItem({ enabled })] } };
      return undefined;
    });
    renderApp(<PartnerListPage />, { history: ['/partners'], path: '/partners' });
    await userEvent.click(await screen.findByRole('button', { name: 'Disable Kloof Street Flowers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable partner' });
    expect(dialog).toHaveTextContent('They will get no new orders');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByRole('button', { name: 'Enable Kloof Street Flowers' })).toBeInTheDocument();
    expect(callsOf(spy).filter((c) => c.startsWith('POST'))).toEqual(['POST /api/partners/7/enabled']);
  });

  it('exports the list as searched under the name the server gives', async () => {
    partnersApi();
    const fetchSpy = vi.mocked(globalThis.fetch);
    const answer = fetchSpy.getMockImplementation()!;
    fetchSpy.mockImplementation(async (input, init) =>
      urlOf(input).startsWith('/api/partners/export')
        ? new Response('ID,Name\r\n7,Kloof Street Flowers\r\n', {
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': 'attachment; filename="partners-2026-05-01.csv"',
            },
          })
        : answer(input, init),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined });
    renderApp(<PartnerListPage />, { history: ['/partners?q=cape'], path: '/partners' });
    await screen.findByRole('cell', { name: 'Kloof Street Flowers' });
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toEqual(['partners-2026-05-01.csv']));
    expect(callsOf(fetchSpy)).toContain('GET /api/partners/export?q=cape');
  });

  it('says Nothing found. for an empty search', async () => {
    partnersApi((url) => (url.pathname === '/api/partners' ? { body: { data: [] } } : undefined));
    renderApp(<PartnerListPage />, { history: ['/partners?q=zz'], path: '/partners' });
    expect(await screen.findByText('Nothing found.')).toBeInTheDocument();
  });

  it('shows a failure to load with Retry', async () => {
    partnersApi((url) =>
      url.pathname === '/api/partners' ? { status: 404, body: { message: 'Not Found' } } : undefined,
    );
    renderApp(<PartnerListPage />, { history: ['/partners'], path: '/partners' });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
