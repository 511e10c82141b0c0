import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { STAFF_ONLY_PARTNER_FIELDS } from '@bloomline/contract';

import { callsOf, formOf, invalid } from '@/test/api-stub';
import { renderApp, Where } from '@/test/render';
import { partnerUser } from '@/test/users';

import { PartnerAddPage, PartnerEditPage } from './partner-edit-page';
import { PartnerProductsPage } from './partner-products-page';
import { PartnerProfilePage } from './partner-profile-page';
import { kloof, partnersApi } from './partners.test-support';

afterEach(() => vi.restoreAllMocks());

const box = (name: string | RegExp) => screen.getByRole('textbox', { name });
const posted = (spy: ReturnType<typeof partnersApi>) =>
  formOf(spy.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]);

async function choose(label: RegExp, option: string) {
  await waitFor(() => expect(box(label)).toBeEnabled());
  await userEvent.click(box(label));
  await userEvent.click(await screen.findByRole('option', { name: option }, { timeout: 10_000 }));
}

/** Replaces a field's text in one go (typing key by key re-renders the long form each time). */
async function fill(label: RegExp, text: string) {
  await userEvent.clear(box(label));
  await userEvent.click(box(label));
  await userEvent.paste(text);
}

describe('/partners/add', () => {
  it('posts every field as multipart with the defaults, and goes to the list', async () => {
    const spy = partnersApi((url, init) =>
      url.pathname === '/api/partners' && init.method === 'POST'
        ? { status: 201, body: { data: { ...kloof, id: 9 } } }
        : undefined,
    );
    renderApp(<PartnerAddPage />, {
      history: ['/partners', '/partners/add'],
      path: '/partners/add',
      others: { '/partners': <Where /> },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Add partner' })).toBeInTheDocument();
    await fill(/^Name/, 'Karoo Blossoms');
    await fill(/^Commission/, '22.5');
    await userEvent.click(screen.getByRole('checkbox', { name: 'B2B' }));
    expect(box(/^Country/)).toHaveValue('South Africa');
    expect(await screen.findByRole('region', { name: /Map: click to place/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByLabelText('Location')).toHaveTextContent('/partners');
    expect(posted(spy)).toMatchObject({
      name: 'Karoo Blossoms',
      province_id: '',
      country: 'South Africa',
      partnerType: 'florist',
      rating: '5',
      radius: '15',
      commission: '0.225',
      avbobSalesChannel: '1',
      webSalesSalesChannel: '1',
      inStoreSalesChannel: '1',
      b2bSalesChannel: '0',
      enabled: '1',
      saturday: 'open',
      latitude: '',
    });
    // Staff without the payouts permission give no bank details (the server would answer 403).
    expect(screen.queryByRole('textbox', { name: 'Account number' })).not.toBeInTheDocument();
    expect(posted(spy)).not.toHaveProperty('account_number');
  }, 60_000);

  it('picks province, city and suburb in order; a new province clears the other two', async () => {
    const spy = partnersApi();
    renderApp(<PartnerAddPage />, { history: ['/partners/add'], path: '/partners/add' });
    expect(box(/^City/)).toBeDisabled();
    await choose(/^Province/, 'Western Cape');
    await choose(/^City/, 'Cape Town');
    await choose(/^Suburb/, 'Sea Point');
    expect(callsOf(spy)).toEqual(
      expect.arrayContaining(['GET /api/cities?province=2', 'GET /api/suburbs?city=5']),
    );
    await choose(/^Province/, 'Gauteng');
    expect(box(/^City/)).toHaveValue('');
    expect(box(/^Suburb/)).toBeDisabled();
  }, 60_000);

  it('checks the rating and the e-mails in the server words before sending', async () => {
    const spy = partnersApi();
    renderApp(<PartnerAddPage />, { history: ['/partners/add'], path: '/partners/add' });
    await fill(/^Name/, 'Too Good');
    await fill(/^Rating/, '11');
    await fill(/^Owner email/, 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Rating must be between 1 and 10.')).toBeInTheDocument();
    expect(screen.getByText('Owner email must be a valid email address.')).toBeInTheDocument();
    expect(callsOf(spy).some((c) => c.startsWith('POST'))).toBe(false);
  }, 60_000);
});

describe('/partners/{partnerId}', () => {
  it('loads every field, spoofs PUT on POST, and shows a 422 under its field', async () => {
    const spy = partnersApi((url, init) =>
      url.pathname === '/api/partners/7' && init.method === 'POST'
        ? invalid({ location_id: ['The selected suburb is not in the selected city.'] })
        : undefined,
    );
    renderApp(<PartnerEditPage />, { history: ['/partners/7'], path: '/partners/:partnerId' });
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Kloof Street Flowers');
    await waitFor(() => expect(box(/^Suburb/)).toHaveValue('Gardens'));
    expect(box(/^Commission/)).toHaveValue('25 %');
    expect(box(/^Latitude/)).toHaveValue('-33.93');
    expect(screen.getByRole('checkbox', { name: 'In store' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The selected suburb is not in the selected city.')).toBeInTheDocument();
    expect(posted(spy)).toMatchObject({
      _method: 'PUT',
      location_id: '12',
      commission: '0.25',
      saturday: 'same_day',
      wholesaleDeliveryFee: '75',
      inStoreSalesChannel: '0',
    });
    // Issue 46: an existing partner's bank details change in their own section, under four eyes.
    expect(posted(spy)).not.toHaveProperty('account_number');
  }, 60_000);

  it('opens the partner’s statements, out-of-office periods and audit entries, the partner in the address', async () => {
    partnersApi();
    renderApp(<PartnerEditPage />, { history: ['/partners/7'], path: '/partners/:partnerId' });
    expect(await screen.findByRole('link', { name: 'Statements' })).toHaveAttribute(
      'href',
      '/statements?partner=7',
    );
    // Issue 36: staff reach a partner's out-of-office periods and its history from its page.
    expect(screen.getByRole('link', { name: 'Out of office' })).toHaveAttribute(
      'href',
      '/partners/out-of-office?partner=7',
    );
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/audit?pT=partner&pI=7');
  });

  it('says so when the partner does not exist', async () => {
    partnersApi();
    renderApp(<PartnerEditPage />, { history: ['/partners/99'], path: '/partners/:partnerId' });
    expect(await screen.findByText(/This partner does not exist/)).toBeInTheDocument();
  });
});

describe('/partners/profile', () => {
  it('edits the own partner without staff-only fields or map, sends none, and goes to the dashboard', async () => {
    const spy = partnersApi((url, init) =>
      url.pathname === '/api/partners/7' && init.method === 'POST' ? { body: { data: kloof } } : undefined,
    );
    renderApp(<PartnerProfilePage />, {
      user: partnerUser,
      history: ['/partners/profile'],
      path: '/partners/profile',
      others: { '/dashboard': <Where /> },
    });
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Kloof Street Flowers');
    for (const label of [/^Rating/, /^Commission/, /^Bank name/, /^Latitude/, /^Partner type/])
      expect(screen.queryByRole('textbox', { name: label })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'AVBOB' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Map/ })).not.toBeInTheDocument();
    await fill(/^Owner phone/, '083 000 0000');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByLabelText('Location')).toHaveTextContent('/dashboard');
    const sent = posted(spy);
    expect(sent).toMatchObject({ _method: 'PUT', ownerPhone: '083 000 0000', name: 'Kloof Street Flowers' });
    for (const field of STAFF_ONLY_PARTNER_FIELDS) expect(sent).not.toHaveProperty(field);
  }, 60_000);
});

describe('/partners/{partnerId}/products', () => {
  it('lists the partner products', async () => {
    partnersApi((url) =>
      url.pathname === '/api/partners/7/products'
        ? {
            body: {
              data: [
                {
                  id: 3,
                  title: 'Protea Bouquet',
                  status: 'active',
                  product_type: 'Bouquet',
                  images: [],
                  variants: [],
                  created_at: '2026-01-01T00:00:00Z',
                },
              ],
            },
          }
        : undefined,
    );
    renderApp(<PartnerProductsPage />, {
      history: ['/partners/7/products'],
      path: '/partners/:partnerId/products',
    });
    expect(await screen.findByRole('cell', { name: 'Protea Bouquet' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Products of Kloof Street Flowers' }),
    ).toBeInTheDocument();
  });

  it('shows the failure with Retry when the products cannot be read', async () => {
    partnersApi();
    renderApp(<PartnerProductsPage />, {
      history: ['/partners/7/products'],
      path: '/partners/:partnerId/products',
    });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
