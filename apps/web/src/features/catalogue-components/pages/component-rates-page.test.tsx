import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { retailPrice, type ComponentRate, type ProfitCentre } from '@bloomline/contract';

import { bodyOf, callsOf, invalid, stubApi } from '@/test/api-stub';
import { renderApp } from '@/test/render';
import { aComponent } from '@/test/records';
import { staffUser } from '@/test/users';
import { formatMoney } from '@/ui';

import { ComponentRatesPage } from './component-rates-page';

afterEach(() => vi.restoreAllMocks());

const component = aComponent();
const centres: ProfitCentre[] = [
  { id: 2, name: 'AVBOB', default_markup: 0.9, default_auto_update: true, rebate: 0.05, ratesCount: 1 },
  { id: 4, name: 'Corporate', default_markup: 1, default_auto_update: true, rebate: 0.1, ratesCount: 0 },
  { id: 3, name: 'In-store', default_markup: null, default_auto_update: false, rebate: 0, ratesCount: 0 },
  { id: 1, name: 'Web', default_markup: 1.1, default_auto_update: true, rebate: 0, ratesCount: 1 },
];
const rate = (centre: ProfitCentre, extra: Partial<ComponentRate>): ComponentRate => ({
  id: centre.id * 100,
  component_id: 7,
  profit_centre_id: centre.id,
  profitCentre: {
    id: centre.id,
    name: centre.name,
    rebate: centre.rebate,
    default_markup: centre.default_markup,
  },
  component: { id: 7, name: 'Red rose', wholesale_excl_vat: 12.5 },
  markup: centre.default_markup ?? 0.5,
  auto_update: true,
  vat: 4.31,
  price: 33.06,
  rebate: centre.rebate,
  variantsCount: 0,
  ...extra,
});
const rates = [
  rate(centres[0]!, { variantsCount: 3 }),
  rate(centres[3]!, { auto_update: false, markup: 0.95 }),
];

type Reply = { status?: number; body?: unknown } | undefined;
const api = (extra?: (url: URL, init: RequestInit) => Reply) =>
  stubApi((url, init) => {
    const reply = extra?.(url, init);
    if (reply) return reply;
    if ((init.method ?? 'GET') !== 'GET') return undefined;
    if (url.pathname === '/api/components/7') return { body: { data: component } };
    if (url.pathname === '/api/components/7/rates') return { body: { data: rates } };
    if (url.pathname === '/api/profit-centres') return { body: { data: centres } };
    return undefined;
  });
const open = () =>
  renderApp(<ComponentRatesPage />, { history: ['/componentrates/7'], path: '/componentrates/:id' });
const box = (name: RegExp) => screen.getByRole('textbox', { name });
const price = (markup: number, rebate: number) =>
  formatMoney(retailPrice(12.5, markup, staffUser.settings.vat, rebate));

describe('/componentrates/{id}', () => {
  it('shows the breadcrumb, the component and its rates, with Delete off for a rate in use', async () => {
    api();
    open();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs).toHaveTextContent('COMPONENTS/COMPONENT RATES');
    expect(within(crumbs).getByRole('link', { name: 'COMPONENTS' })).toHaveAttribute('href', '/components');
    expect(await screen.findByRole('heading', { level: 2, name: 'Red rose' })).toBeInTheDocument();
    expect(screen.getByText(/Wholesale \(excl\. VAT\)/)).toHaveTextContent('R 12,50');
    const avbob = await screen.findByRole('row', { name: /^AVBOB/ });
    expect(avbob).toHaveTextContent('AVBOB90 %Yes5 %R 4,31R 33,06');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Profit centre',
      'Markup',
      'Auto update',
      'Rebate',
      'VAT',
      'Price',
      'Actions',
    ]);
    const inUse = within(avbob).getByRole('button', { name: 'Delete rate in AVBOB' });
    expect(inUse).toBeDisabled();
    expect(inUse).toHaveAccessibleDescription('Used by 3 product variants');
    expect(
      within(screen.getByRole('row', { name: /^Web/ })).getByRole('button', { name: 'Delete rate in Web' }),
    ).toBeEnabled();
  });

  it('deletes an unused rate after confirming, and shows a 409 in the dialog', async () => {
    const spy = api((url, init) =>
      init.method === 'DELETE'
        ? {
            status: 409,
            body: { message: 'This component rate cannot be deleted: it is used by 1 product variant.' },
          }
        : undefined,
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete rate in Web' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Confirm that you want to delete the record');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('it is used by 1 product variant.');
    expect(callsOf(spy)).toContain('DELETE /api/components/7/rates/100');
  });

  it('adds a rate that follows the centre: markup and rebate read-only, the price computed live', async () => {
    const spy = api((url, init) =>
      init.method === 'POST' ? { status: 201, body: { data: rate(centres[1]!, {}) } } : undefined,
    );
    open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Add a rate' })).toBeInTheDocument();
    await userEvent.click(box(/^Profit centre/));
    // A centre the component already has a rate in is not offered again.
    expect(screen.getByRole('option', { name: 'Web (has a rate)' })).toHaveAttribute(
      'data-combobox-disabled',
      'true',
    );
    await userEvent.click(screen.getByRole('option', { name: 'Corporate' }));
    expect(screen.getByRole('checkbox', { name: /Auto update/ })).toBeChecked();
    expect(box(/^Markup/)).toHaveAttribute('readonly');
    expect(box(/^Markup/)).toHaveValue('100 %');
    expect(box(/^Rebate/)).toHaveAttribute('readonly');
    expect(box(/^Rebate/)).toHaveValue('10 %');
    expect(box(/^Price/)).toHaveValue(price(1, 0.1));
    expect(box(/^Price/)).toHaveValue('R 31,94');

    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(callsOf(spy)).toContain('POST /api/components/7/rates'));
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(post?.[1])).toEqual({ profit_centre_id: 4, auto_update: true, markup: null });
  });

  it('with auto update off, the markup is typed and the price follows it', async () => {
    const spy = api((url, init) =>
      init.method === 'POST' ? { status: 201, body: { data: rate(centres[2]!, {}) } } : undefined,
    );
    open();
    await userEvent.click(await screen.findByRole('textbox', { name: /^Profit centre/ }));
    await userEvent.click(screen.getByRole('option', { name: 'In-store' }));
    expect(screen.getByRole('checkbox', { name: /Auto update/ })).not.toBeChecked();
    expect(box(/^Markup/)).not.toHaveAttribute('readonly');
    expect(box(/^Price/)).toHaveValue('—');
    await userEvent.type(box(/^Markup/), '50');
    expect(box(/^Price/)).toHaveValue(price(0.5, 0));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(callsOf(spy)).toContain('POST /api/components/7/rates'));
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(post?.[1])).toEqual({ profit_centre_id: 3, auto_update: false, markup: 0.5 });
  });

  it('Edit fills the form in update mode; Cancel returns to add mode; Update sends a PUT', async () => {
    const spy = api((url, init) => (init.method === 'PUT' ? { body: { data: rates[1] } } : undefined));
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit rate in Web' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Update the rate in Web' })).toBeInTheDocument();
    expect(box(/^Profit centre/)).toBeDisabled();
    expect(box(/^Profit centre/)).toHaveValue('Web');
    expect(box(/^Markup/)).toHaveValue('95 %');
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Add a rate' })).toBeInTheDocument();
    expect(box(/^Profit centre/)).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit rate in Web' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Auto update/ }));
    expect(box(/^Markup/)).toHaveValue('110 %');
    expect(box(/^Price/)).toHaveValue(price(1.1, 0));
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(callsOf(spy)).toContain('PUT /api/components/7/rates/100'));
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(bodyOf(put?.[1])).toEqual({ profit_centre_id: 1, auto_update: true, markup: null });
    expect(await screen.findByRole('heading', { level: 2, name: 'Add a rate' })).toBeInTheDocument();
  });

  it("puts a 422 under its field, and the client's checks before sending", async () => {
    const spy = api((url, init) =>
      init.method === 'POST'
        ? invalid({
            auto_update: ['Auto update cannot be on: the profit centre In-store has no default markup.'],
          })
        : undefined,
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Choose a profit centre.')).toBeInTheDocument();
    expect(callsOf(spy).some((c) => c.startsWith('POST'))).toBe(false);
    await userEvent.click(box(/^Profit centre/));
    await userEvent.click(screen.getByRole('option', { name: 'In-store' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Auto update/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('Auto update cannot be on: the profit centre In-store has no default markup.'),
    ).toBeInTheDocument();
  });

  it('says so for a component that does not exist', async () => {
    api();
    renderApp(<ComponentRatesPage />, { history: ['/componentrates/99'], path: '/componentrates/:id' });
    expect(await screen.findByText(/does not exist/)).toBeInTheDocument();
  });
});
