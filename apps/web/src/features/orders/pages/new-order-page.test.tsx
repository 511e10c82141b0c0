import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { ProductListItem } from '@bloomline/contract';

import { bodyOf, callsOf, invalid, pageOf, stubApi } from '@/test/api-stub';
import { renderApp, Where } from '@/test/render';

import { orderDetail } from '../orders.test-support';
import { NewOrderPage } from './new-order-page';

afterEach(() => vi.restoreAllMocks());

const bouquet: ProductListItem = {
  id: 4,
  title: 'Pink rose bouquet',
  status: 'active',
  product_type: 'Bouquet',
  images: [{ url: 'http://localhost/images/pink.png', altText: null }],
  variants: [
    { id: 31, title: 'Large', sku: null, price: 545.5 },
    { id: 32, title: 'Small', sku: null, price: 320 },
  ],
  created_at: '2026-01-01T00:00:00Z',
};

function api(onPost?: (body: unknown) => { status?: number; body?: unknown }) {
  return stubApi((url, init) => {
    if (url.pathname === '/api/products') return { body: pageOf([bouquet]) };
    if (url.pathname === '/api/profit-centres') return { body: { data: [] } };
    if (['/api/customers', '/api/companies', '/api/locations'].includes(url.pathname))
      return { body: pageOf([]) };
    if (url.pathname === '/api/orders' && init.method === 'POST')
      return onPost?.(bodyOf(init)) ?? { status: 201, body: { data: orderDetail({ id: 77 }) } };
    return undefined;
  });
}

const open = () =>
  renderApp(
    <>
      <NewOrderPage />
      <Where />
    </>,
    { history: ['/orders/new'], path: '/orders/new', others: { '/order/:id': <Where /> } },
  );

const region = (name: string) => screen.getByRole('region', { name });
/** Puts text in a field as a paste (one event): typing each key of a whole order is slow on a busy machine. */
async function enter(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

async function fill() {
  const customer = region('Customer');
  await enter(within(customer).getByRole('textbox', { name: 'Name' }), 'Mpho Phone');
  await enter(within(customer).getByRole('textbox', { name: 'E-mail' }), 'mpho@example.com');
  const recipient = region('Recipient');
  await enter(within(recipient).getByRole('textbox', { name: 'First name' }), 'Zodwa');
  await enter(within(recipient).getByRole('textbox', { name: 'Last name' }), 'Dube');
  await enter(within(recipient).getByRole('textbox', { name: 'Phone' }), '+27 82 555 0177');
  await enter(within(recipient).getByRole('textbox', { name: 'Address' }), '5 Beach Road');
  await enter(within(recipient).getByRole('textbox', { name: 'City' }), 'Cape Town');
  const items = region('Items');
  await enter(within(items).getByRole('textbox', { name: 'Product' }), 'pink');
  await userEvent.click(await screen.findByRole('option', { name: /Pink rose bouquet · Large/ }));
}

describe('/orders/new', () => {
  it('refuses every rule under its field, in the contract’s words, before sending anything', async () => {
    const spy = api();
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Save order' }));
    expect(await screen.findByText('First name is required.')).toBeInTheDocument();
    expect(screen.getByText('Choose a product.')).toBeInTheDocument();
    // A fee typed the wrong way is refused, never read as another number.
    const fee = within(region('Delivery')).getByRole('textbox', { name: 'Delivery fee' });
    await enter(fee, '12,50,1');
    await userEvent.tab();
    expect(await screen.findByText('Delivery fee must be an amount such as 1 234,50.')).toBeInTheDocument();
    expect(fee).toHaveValue('12,50,1');
    expect(callsOf(spy).filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('prefills the value from the retail price, adds the totals as typed, and opens the new order once saved', async () => {
    const spy = api();
    open();
    await fill();
    const items = region('Items');
    expect(within(items).getByRole('textbox', { name: 'Value each' })).toHaveValue('R 545,50');
    const quantity = within(items).getByRole('textbox', { name: 'Quantity' });
    await userEvent.clear(quantity);
    await enter(quantity, '3');
    await enter(within(region('Delivery')).getByRole('textbox', { name: 'Delivery fee' }), '85');
    // 3 × R 545,50 + R 85,00, worked by hand.
    const totals = region('Totals');
    expect(totals).toHaveTextContent('ItemsR 1 636,50');
    expect(totals).toHaveTextContent('Order totalR 1 721,50');
    await userEvent.click(screen.getByRole('button', { name: 'Save order' }));
    await waitFor(() => expect(screen.getByLabelText('Location')).toHaveTextContent('/order/77'));
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(bodyOf(post[1])).toMatchObject({
      source: 'phone',
      paymentType: 'card',
      customer: { name: 'Mpho Phone', email: 'mpho@example.com' },
      recipient: { firstName: 'Zodwa', lastName: 'Dube', city: 'Cape Town', latitude: null },
      deliveryFee: 85,
      lines: [{ productVariantId: 31, quantity: 3, value: 545.5 }],
    });
  });

  it('shows the server’s refusal under the nested field it names', async () => {
    api(() => invalid({ 'recipient.city': ['We do not deliver to this city.'] }));
    open();
    await fill();
    await enter(within(region('Delivery')).getByRole('textbox', { name: 'Delivery fee' }), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save order' }));
    const city = within(region('Recipient')).getByRole('textbox', { name: 'City' });
    await waitFor(() => expect(city).toHaveAccessibleDescription('We do not deliver to this city.'));
    expect(screen.getByLabelText('Location')).toHaveTextContent('/orders/new');
  });
});
