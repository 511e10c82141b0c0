import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { repricedMessage, type ProfitCentre } from '@bloomline/contract';

import { bodyOf, callsOf, invalid, stubApi } from '@/test/api-stub';
import { renderApp, Where } from '@/test/render';

import { toBody } from '../components/profit-centre-form';
import { ProfitCentreAddPage, ProfitCentreEditPage } from './profit-centre-edit-page';
import { ProfitCentreListPage } from './profit-centre-list-page';

afterEach(() => vi.restoreAllMocks());

const centres: ProfitCentre[] = [
  { id: 2, name: 'AVBOB', default_markup: 0.9, default_auto_update: true, rebate: 0.05, ratesCount: 40 },
  { id: 6, name: 'Pop-up', default_markup: null, default_auto_update: false, rebate: 0, ratesCount: 0 },
  { id: 1, name: 'Web', default_markup: 1.1, default_auto_update: true, rebate: 0, ratesCount: 44 },
];

const api = (extra?: (url: URL, init: RequestInit) => { status?: number; body?: unknown } | undefined) =>
  stubApi((url, init) => {
    const reply = extra?.(url, init);
    if (reply) return reply;
    if ((init.method ?? 'GET') !== 'GET') return undefined;
    if (url.pathname === '/api/profit-centres') return { body: { data: centres } };
    const one = centres.find((c) => url.pathname === `/api/profit-centres/${c.id}`);
    return one ? { body: { data: one } } : undefined;
  });

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const submit = () => screen.getByRole('button', { name: 'Submit' });

describe('/profit-centres', () => {
  it('shows the fractions as percentages and searches by name in the browser', async () => {
    const spy = api();
    renderApp(<ProfitCentreListPage />, { history: ['/profit-centres'], path: '/profit-centres' });
    expect(screen.getByRole('heading', { level: 1, name: 'Profit centres' })).toBeInTheDocument();
    const web = await screen.findByRole('row', { name: /^Web/ });
    expect(web).toHaveTextContent('Web110 %0 %Yes');
    expect(screen.getByRole('row', { name: /^AVBOB/ })).toHaveTextContent('AVBOB90 %5 %Yes');
    expect(screen.getByRole('row', { name: /^Pop-up/ })).toHaveTextContent('Pop-up—0 %No');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Default markup',
      'Rebate',
      'Auto update',
      'Actions',
    ]);
    expect(screen.getByRole('link', { name: 'Edit Web' })).toHaveAttribute('href', '/profit-centres/1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search profit centres by name' }), 'av{Enter}');
    expect(screen.queryByRole('row', { name: /^Web/ })).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: /^AVBOB/ })).toBeInTheDocument();
    expect(callsOf(spy)).toEqual(['GET /api/profit-centres']);
  });

  it('shows a failed load with Retry', async () => {
    stubApi(() => ({ status: 500, body: { message: 'Server Error' } }));
    renderApp(<ProfitCentreListPage />, { history: ['/profit-centres'], path: '/profit-centres' });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('/profit-centres/add', () => {
  it('keeps Submit off while the name is empty', async () => {
    api();
    renderApp(<ProfitCentreAddPage />, { history: ['/profit-centres/add'], path: '/profit-centres/add' });
    expect(submit()).toBeDisabled();
    await userEvent.type(field(/^Name/), '  ');
    expect(submit()).toBeDisabled();
    await userEvent.type(field(/^Name/), 'Kiosk');
    expect(submit()).toBeEnabled();
    await userEvent.clear(field(/^Name/));
    expect(submit()).toBeDisabled();
  });

  it('sends percentages as fractions and returns to the list', async () => {
    const spy = api((url, init) =>
      init.method === 'POST' ? { status: 201, body: { data: { ...centres[0], id: 9 } } } : undefined,
    );
    renderApp(<ProfitCentreAddPage />, {
      history: ['/profit-centres/add'],
      path: '/profit-centres/add',
      others: { '/profit-centres': <Where /> },
    });
    await userEvent.type(field(/^Name/), 'Kiosk');
    await userEvent.type(field(/^Default markup/), '12.34');
    await userEvent.type(field(/^Rebate/), '5');
    await userEvent.click(screen.getByRole('checkbox', { name: /Auto update/ }));
    await userEvent.click(submit());
    expect(await screen.findByLabelText('Location')).toHaveTextContent('/profit-centres');
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(post?.[1])).toEqual({
      name: 'Kiosk',
      default_markup: 0.1234,
      default_auto_update: true,
      rebate: 0.05,
    });
  });

  it('sends an empty markup as null', async () => {
    const spy = api((url, init) =>
      init.method === 'POST' ? { status: 201, body: { data: centres[1] } } : undefined,
    );
    renderApp(<ProfitCentreAddPage />, {
      history: ['/profit-centres/add'],
      path: '/profit-centres/add',
      others: { '/profit-centres': <Where /> },
    });
    await userEvent.type(field(/^Name/), 'Pop-up');
    await userEvent.click(submit());
    await waitFor(() => expect(callsOf(spy)).toContain('POST /api/profit-centres'));
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(post?.[1])).toEqual({
      name: 'Pop-up',
      default_markup: null,
      default_auto_update: false,
      rebate: null,
    });
  });

  it("checks the bounds in percent before sending, and shows the server's 422 under its field", async () => {
    const spy = api((url, init) =>
      init.method === 'POST' ? invalid({ name: ['This name is already taken.'] }) : undefined,
    );
    renderApp(<ProfitCentreAddPage />, { history: ['/profit-centres/add'], path: '/profit-centres/add' });
    await userEvent.type(field(/^Name/), 'Web');
    await userEvent.type(field(/^Rebate/), '95');
    await userEvent.click(screen.getByRole('checkbox', { name: /Auto update/ }));
    await userEvent.click(submit());
    expect(await screen.findByText('Rebate must be between 0 % and 90 %.')).toBeInTheDocument();
    expect(screen.getByText('Default markup is required when auto update is on.')).toBeInTheDocument();
    expect(callsOf(spy).some((c) => c.startsWith('POST'))).toBe(false);

    await userEvent.clear(field(/^Rebate/));
    await userEvent.click(screen.getByRole('checkbox', { name: /Auto update/ }));
    await userEvent.click(submit());
    expect(await screen.findByText('This name is already taken.')).toBeInTheDocument();
    expect(field(/^Name/)).toHaveAccessibleDescription(/This name is already taken\./);
  });
});

describe('/profit-centres/{id}', () => {
  it('spins, then edits the centre in percent and sends fractions with PUT', async () => {
    const spy = api((url, init) =>
      init.method === 'PUT'
        ? { body: { data: { ...centres[2], default_markup: 1.25 }, repriced: { rates: 44, variants: 60 } } }
        : undefined,
    );
    renderApp(<ProfitCentreEditPage />, {
      history: ['/profit-centres', '/profit-centres/1'],
      path: '/profit-centres/:id',
      others: { '/profit-centres': <Where /> },
    });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /^Default markup/ })).toHaveValue('110 %');
    expect(field(/^Rebate/)).toHaveValue('0 %');
    expect(screen.getByRole('checkbox', { name: /Auto update/ })).toBeChecked();
    await userEvent.clear(field(/^Default markup/));
    await userEvent.type(field(/^Default markup/), '125');
    await userEvent.click(submit());
    expect(await screen.findByLabelText('Location')).toHaveTextContent('/profit-centres');
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(callsOf(spy)).toContain('PUT /api/profit-centres/1');
    expect(bodyOf(put?.[1])).toEqual({
      name: 'Web',
      default_markup: 1.25,
      default_auto_update: true,
      rebate: 0,
    });
  });

  it('says so for a centre that does not exist', async () => {
    api();
    renderApp(<ProfitCentreEditPage />, { history: ['/profit-centres/99'], path: '/profit-centres/:id' });
    expect(await screen.findByText(/does not exist/)).toBeInTheDocument();
  });
});

describe('the form helpers', () => {
  it('turn typed percentages into fractions, blanks into null', () => {
    expect(toBody({ name: 'A', default_markup: '33,33', default_auto_update: false, rebate: '' })).toEqual({
      name: 'A',
      default_markup: 0.3333,
      default_auto_update: false,
      rebate: null,
    });
    expect(
      toBody({ name: 'A', default_markup: '', default_auto_update: false, rebate: '0 %' }).default_markup,
    ).toBe(null);
    expect(repricedMessage({ rates: 1, variants: 3 })).toBe(
      '1 component rate and 3 product variants repriced.',
    );
  });
});
