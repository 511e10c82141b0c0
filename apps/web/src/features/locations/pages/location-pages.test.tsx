import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Location, LocationListItem } from '@bloomline/contract';

import { callsOf, formOf, invalid, pageOf, stubApi } from '@/test/api-stub';
import { renderApp, Where } from '@/test/render';

import { LocationAddPage, LocationEditPage } from './location-edit-page';
import { LocationListPage } from './location-list-page';

afterEach(() => vi.restoreAllMocks());

const item = (overrides: Partial<LocationListItem> = {}): LocationListItem => ({
  id: 12,
  name: 'Sea Point',
  locationType: 'suburb',
  handle: 'sea-point',
  parent: { id: 5, name: 'Cape Town' },
  ...overrides,
});

const seaPoint: Location = {
  ...item(),
  header1: 'Flowers in Sea Point',
  header2: null,
  header3: null,
  title: null,
  seoDescription: null,
  content: null,
  latitude: -33.9155,
  longitude: 18.3885,
};

const api = (extra?: (url: URL, init: RequestInit) => { status?: number; body?: unknown } | undefined) =>
  stubApi((url, init) => {
    const reply = extra?.(url, init);
    if (reply) return reply;
    if (url.pathname === '/api/config')
      return { body: { data: { mapTileUrl: 'https://tiles.invalid/{z}/{x}/{y}.png' } } };
    if (url.pathname === '/api/locations/12') return { body: { data: seaPoint } };
    if (url.pathname === '/api/locations') {
      const type = url.searchParams.get('type');
      if (type === 'city')
        return { body: pageOf([item({ id: 5, name: 'Cape Town', locationType: 'city', parent: null })]) };
      if (type === 'province')
        return {
          body: pageOf([item({ id: 2, name: 'Western Cape', locationType: 'province', parent: null })]),
        };
      return { body: pageOf([item()], { total: 40, page: Number(url.searchParams.get('page') ?? 1) }) };
    }
    return undefined;
  });

describe('/locations', () => {
  it('asks with q and page from the address and shows Name and Parent with Edit per row', async () => {
    const spy = api();
    renderApp(<LocationListPage />, { history: ['/locations?q=sea&page=2'], path: '/locations' });
    expect(screen.getByRole('heading', { level: 1, name: 'Locations' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Sea Point' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Cape Town' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Sea Point' })).toHaveAttribute('href', '/locations/12');
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/locations/add');
    const call = new URL(
      callsOf(spy)
        .find((c) => c.startsWith('GET /api/locations'))!
        .slice(4),
      'http://x',
    );
    expect(call.searchParams.get('q')).toBe('sea');
    expect(call.searchParams.get('page')).toBe('2');
  });

  it('pages through the address', async () => {
    api();
    renderApp(
      <>
        <LocationListPage />
        <Where />
      </>,
      { history: ['/locations'], path: '/locations' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Location')).toHaveTextContent('/locations?page=2');
  });

  it('says Nothing found. for an empty search', async () => {
    stubApi((url) => (url.pathname === '/api/locations' ? { body: pageOf([]) } : undefined));
    renderApp(<LocationListPage />, { history: ['/locations?q=zz'], path: '/locations' });
    expect(await screen.findByText('Nothing found.')).toBeInTheDocument();
  });
});

describe('/locations/add', () => {
  it('is titled Edit location, suggests the handle from the name until it is edited, and posts multipart', async () => {
    const spy = api((url, init) =>
      url.pathname === '/api/locations' && init.method === 'POST'
        ? { status: 201, body: { data: { ...seaPoint, id: 13 } } }
        : undefined,
    );
    renderApp(<LocationAddPage />, {
      history: ['/locations', '/locations/add'],
      path: '/locations/add',
      others: { '/locations': <Where /> },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Edit location' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Green Point (CT)');
    expect(screen.getByRole('textbox', { name: /^Handle/ })).toHaveValue('green-point-ct');

    // A suburb's parent is a city: the picker offers only cities.
    await userEvent.click(screen.getByRole('textbox', { name: /^Parent/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Cape Town' }));
    await waitFor(() => expect(callsOf(spy).some((c) => c.includes('type=city'))).toBe(true));

    await userEvent.clear(screen.getByRole('textbox', { name: /^Handle/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Handle/ }), 'green-point');
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), '!');
    expect(screen.getByRole('textbox', { name: /^Handle/ })).toHaveValue('green-point');

    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByLabelText('Location')).toHaveTextContent('/locations');
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(formOf(post?.[1])).toMatchObject({
      name: 'Green Point (CT)!',
      location_type: 'suburb',
      parent_id: '5',
      handle: 'green-point',
      latitude: '',
    });
  });

  it('checks the coordinates in the server words before sending', async () => {
    const spy = api();
    renderApp(<LocationAddPage />, { history: ['/locations/add'], path: '/locations/add' });
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Far away');
    await userEvent.type(screen.getByRole('textbox', { name: /^Latitude/ }), '95');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Latitude must be at most 90.')).toBeInTheDocument();
    expect(callsOf(spy).some((c) => c.startsWith('POST'))).toBe(false);
  });

  it('hides the parent for a country', async () => {
    api();
    renderApp(<LocationAddPage />, { history: ['/locations/add'], path: '/locations/add' });
    await userEvent.click(screen.getByRole('textbox', { name: /^Location type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Country' }));
    expect(screen.queryByRole('textbox', { name: /^Parent/ })).not.toBeInTheDocument();
    expect(screen.getByText('A country has no parent.')).toBeInTheDocument();
  });
});

describe('/locations/{id}', () => {
  it('loads the record, spoofs PUT on POST, and shows a 422 under its field', async () => {
    const spy = api((url, init) =>
      url.pathname === '/api/locations/12' && init.method === 'POST'
        ? invalid({ handle: ['This handle is already taken.'] })
        : undefined,
    );
    renderApp(<LocationEditPage />, { history: ['/locations/12'], path: '/locations/:id' });
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Sea Point');
    expect(screen.getByRole('textbox', { name: /^Parent/ })).toHaveValue('Cape Town');
    expect(screen.getByRole('textbox', { name: /^Latitude/ })).toHaveValue('-33.9155');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This handle is already taken.')).toBeInTheDocument();
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(formOf(post?.[1])).toMatchObject({
      _method: 'PUT',
      handle: 'sea-point',
      parent_id: '5',
      latitude: '-33.9155',
    });
  });

  it('says so when the location does not exist', async () => {
    api();
    renderApp(<LocationEditPage />, { history: ['/locations/99'], path: '/locations/:id' });
    expect(await screen.findByText(/does not exist/)).toBeInTheDocument();
  });
});
