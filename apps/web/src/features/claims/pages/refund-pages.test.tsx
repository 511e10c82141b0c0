import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CLAIM_TEXTS, type Refund } from '@bloomline/contract';

import { axeViolations } from '@/test/axe';
import { bodyOf, callsOf, invalid, pageOf, stubApi, type Handler } from '@/test/api-stub';
import { onPhone } from '@/test/phone';
import { renderApp } from '@/test/render';

import { RefundListPage } from './refund-list-page';
import { RefundPage } from './refund-page';

afterEach(() => vi.restoreAllMocks());

const rose = {
  id: 21,
  product: { title: 'Pink rose bouquet', images: [{ url: '/pictures/rose.jpg', altText: 'Pink roses' }] },
  productVariant: { title: 'Large' },
  amount: 450,
  onPayAmount: 36.6,
};
const vase = {
  id: 22,
  product: { title: 'Vase', images: [] },
  productVariant: null,
  amount: 120,
  onPayAmount: 0,
};

const openRefund: Refund = {
  id: 9,
  name: 'RF-1009',
  createdAt: '2024-01-05T08:30:00.000Z',
  amount: 570,
  onPay: null,
  onPayAmount: 36.6,
  // An earlier credit note took R 6,60 of the line: R 30,00 is left to deduct (issue 46).
  onPayLeft: 30,
  responsible: null,
  processedAt: null,
  reason: null,
  order: {
    id: 31,
    name: '#BL10031',
    value: 1450,
    deliveryFee: 95,
    refundLeft: 975,
    firstName: 'Thandi',
    lastName: 'Nkosi',
  },
  partners: [
    {
      id: 3,
      partner: { id: 7, name: 'Petals & Co' },
      responsible: null,
      refundDeduction: 0,
      processedBy: null,
      lines: [rose],
    },
  ],
  lines: [rose, vase],
};
const processedAsPartner = (onPay: number): Refund => ({
  ...openRefund,
  onPay,
  responsible: 'Partner',
  processedAt: '2024-01-06T10:00:00.000Z',
  partners: [
    {
      ...openRefund.partners[0]!,
      responsible: 'Partner',
      refundDeduction: onPay,
      processedBy: { name: 'Ada Admin' },
    },
  ],
});

/** The refund's GET answers `current()`, so a process the stub accepted shows on the refetch. */
function api(current: () => Refund, extra?: Handler) {
  return stubApi((url, init) => {
    const reply = extra?.(url, init);
    if (reply) return reply;
    if ((init.method ?? 'GET') !== 'GET') return undefined;
    if (url.pathname === '/api/v2/orders/refunds') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const second = { ...processedAsPartner(10), id: 8, name: 'RF-1008' };
      return {
        body: pageOf(page === 1 ? [current()] : [second], {
          page,
          total: 16,
          path: '/api/v2/orders/refunds',
        }),
      };
    }
    if (url.pathname === `/api/orders/refunds/${current().id}`) return { body: { data: current() } };
    return undefined;
  });
}

const puts = (spy: ReturnType<typeof stubApi>) => callsOf(spy).filter((c) => c.startsWith('PUT'));
const dialog = () => screen.getByRole('dialog', { name: 'Process refund' });
const responsibleBox = () => within(dialog()).getByRole('textbox', { name: /^Responsible/ });
const amountBox = () => within(dialog()).getByRole('textbox', { name: /^Deduction/ });
/** The refund's own fact (the first of its label: a partner's share has a Responsible too). */
const fact = (label: string) => screen.getAllByText(label, { selector: 'dt' })[0]!.nextSibling;

function openPage() {
  return renderApp(
    <>
      <RefundPage />
      <Notifications />
    </>,
    { history: ['/orders/refunds', '/orders/refunds/9'], path: '/orders/refunds/:refundId' },
  );
}

/** The deduction is asked for only with Partner responsible (issue 35). */
async function fillDialog(responsible: string, amount: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'Process refund' }));
  await userEvent.click(responsibleBox());
  await userEvent.click(screen.getByRole('option', { name: responsible }));
  if (responsible === 'Partner') await userEvent.type(amountBox(), amount);
}

describe('/orders/refunds', () => {
  it('shows each refund as a card with its partners, lines and delivery fee, and passes axe', async () => {
    const spy = api(() => openRefund);
    const { container } = renderApp(<RefundListPage />, {
      history: ['/orders/refunds'],
      path: '/orders/refunds',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Refunds' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'RF-1009' });
    const inCard = (label: string) => within(card).getAllByText(label, { selector: 'dt' })[0]!.nextSibling;
    expect(inCard('Recipient')).toHaveTextContent('Thandi Nkosi');
    expect(inCard('Date')).toHaveTextContent('Fri 05 Jan 2024');
    expect(inCard('Amount')).toHaveTextContent('R 570,00');
    expect(inCard('Order total excl. delivery')).toHaveTextContent('R 1 450,00');
    expect(inCard('Delivery fee')).toHaveTextContent('R 95,00');
    const share = within(card).getByRole('group', { name: 'Petals & Co' });
    expect(within(share).getByText('Deduction', { selector: 'dt' }).nextSibling).toHaveTextContent('R 0,00');
    const line = within(share).getByRole('listitem');
    expect(within(line).getByRole('img', { name: 'Pink roses' })).toHaveAttribute(
      'src',
      '/pictures/rose.jpg',
    );
    expect(line).toHaveTextContent('Pink rose bouquetLargeAmount R 450,00On pay R 36,60');
    expect(within(card).getByRole('link', { name: 'View RF-1009' })).toHaveAttribute(
      'href',
      '/orders/refunds/9',
    );
    expect(await axeViolations(container)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('article', { name: 'RF-1008' })).toBeInTheDocument();
    expect(callsOf(spy)).toEqual(['GET /api/v2/orders/refunds?page=1', 'GET /api/v2/orders/refunds?page=2']);
  });

  it('says when there are none, and shows a failed load with Retry', async () => {
    stubApi(() => ({ body: pageOf([]) }));
    const first = renderApp(<RefundListPage />, { history: ['/orders/refunds'], path: '/orders/refunds' });
    expect(await screen.findByText('Nothing found.')).toBeInTheDocument();
    first.unmount();
    vi.restoreAllMocks();
    stubApi(() => ({ status: 500, body: { message: 'Server Error' } }));
    renderApp(<RefundListPage />, { history: ['/orders/refunds?page=3'], path: '/orders/refunds' });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  describe('on a phone', () => {
    onPhone();
    it('keeps the cards readable and accessible', async () => {
      api(() => openRefund);
      const { container } = renderApp(<RefundListPage />, {
        history: ['/orders/refunds'],
        path: '/orders/refunds',
      });
      expect(await screen.findByRole('article', { name: 'RF-1009' })).toBeInTheDocument();
      expect(await axeViolations(container)).toEqual([]);
    });
  });
});

describe('/orders/refunds/{id}', () => {
  it('shows the order, amount, responsible, created at, deduction and pictured lines, and passes axe', async () => {
    api(() => openRefund);
    const { container } = openPage();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'RF-1009' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#BL10031' })).toHaveAttribute('href', '/order/31');
    expect(fact('Amount')).toHaveTextContent('R 570,00');
    expect(fact('Responsible')).toHaveTextContent('Not processed');
    expect(fact('Created at')).toHaveTextContent('Fri 05 Jan 2024 10:30');
    expect(fact('Deduction')).toHaveTextContent('—');
    const items = screen.getByRole('list', { name: 'Refunded line items' });
    expect(within(items).getByRole('img', { name: 'Pink roses' })).toBeInTheDocument();
    expect(within(items).getByRole('img', { name: 'No picture of Vase' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/orders/refunds');
    expect(await axeViolations(container)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Process refund' }));
    expect(responsibleBox()).toHaveValue('');
    expect(responsibleBox()).toHaveAttribute('placeholder', 'Choose who is responsible');
    expect(await axeViolations(dialog())).toEqual([]);
  });

  it('refuses a missing choice and amount, and an amount above what is left, before sending', async () => {
    const spy = api(() => openRefund);
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Process refund' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Process refund' }));
    expect(await screen.findByText('Responsible is required.')).toBeInTheDocument();
    // No deduction is asked for until Partner is chosen.
    expect(within(dialog()).queryByRole('textbox', { name: /^Deduction/ })).not.toBeInTheDocument();
    await userEvent.click(responsibleBox());
    await userEvent.click(screen.getByRole('option', { name: 'Partner' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Process refund' }));
    expect(await screen.findByText('Deduction is required.')).toBeInTheDocument();
    // What is left shows before anything is typed.
    expect(amountBox()).toHaveAccessibleDescription(
      expect.stringContaining('R 30,00 left to deduct on these lines.') as string,
    );
    await userEvent.type(amountBox(), '30,01');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Process refund' }));
    const above = CLAIM_TEXTS.deductionAboveLeft('R 30,00');
    expect(await screen.findByText(above)).toBeInTheDocument();
    expect(amountBox()).toHaveAccessibleDescription(expect.stringContaining(above) as string);
    await userEvent.clear(amountBox());
    await userEvent.type(amountBox(), '12,50,1');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Process refund' }));
    expect(amountBox()).toHaveAttribute('aria-invalid', 'true');
    expect(amountBox()).toHaveValue('12,50,1');
    expect(puts(spy)).toEqual([]);
  });

  it('processes it as Partner with 12,50: sends 12.5, says so, and shows the deduction', async () => {
    let refund = openRefund;
    const spy = api(
      () => refund,
      (url, init) => {
        if (init.method !== 'PUT') return undefined;
        refund = processedAsPartner(12.5);
        return { body: { data: refund } };
      },
    );
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Process refund' }));
    await userEvent.click(responsibleBox());
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Bloomline',
      'Partner',
      'Customer',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Partner' }));
    await userEvent.type(amountBox(), '12,50');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Process refund' }));
    expect(await screen.findByText('Refund processed.')).toBeInTheDocument();
    expect(puts(spy)).toEqual(['PUT /api/v2/orders/refunds/9']);
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(bodyOf(put?.[1])).toEqual({ responsible: 'Partner', onPay: 12.5 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Process refund' })).not.toBeInTheDocument();
    expect(fact('Responsible')).toHaveTextContent('Partner');
    expect(fact('Deduction')).toHaveTextContent('R 12,50');
    const share = screen.getByRole('group', { name: 'Petals & Co' });
    expect(within(share).getByText('Processed by', { selector: 'dt' }).nextSibling).toHaveTextContent(
      'Ada Admin',
    );
  });

  it("shows the server's 422 under its fields", async () => {
    api(
      () => openRefund,
      (url, init) =>
        init.method === 'PUT'
          ? invalid({
              onPay: [CLAIM_TEXTS.deductionAboveLeft('R 20,00')],
              responsible: [CLAIM_TEXTS.responsibleChoice],
            })
          : undefined,
    );
    openPage();
    await fillDialog('Partner', '20');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Process refund' }));
    expect(await screen.findByText(CLAIM_TEXTS.deductionAboveLeft('R 20,00'))).toBeInTheDocument();
    expect(amountBox()).toHaveAccessibleDescription(expect.stringContaining('at most R 20,00') as string);
    expect(responsibleBox()).toHaveAccessibleDescription(CLAIM_TEXTS.responsibleChoice);
  });

  it('says when it was processed meanwhile (409), and the page catches up', async () => {
    let refund = openRefund;
    api(
      () => refund,
      (url, init) => {
        if (init.method !== 'PUT') return undefined;
        refund = processedAsPartner(30);
        return { status: 409, body: { message: CLAIM_TEXTS.refundProcessed } };
      },
    );
    openPage();
    await fillDialog('Bloomline', '0');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Process refund' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(CLAIM_TEXTS.refundProcessed);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Process refund' })).not.toBeInTheDocument(),
    );
    expect(fact('Deduction')).toHaveTextContent('R 30,00');
  });

  it('says so for a refund that does not exist', async () => {
    api(() => openRefund);
    renderApp(<RefundPage />, { history: ['/orders/refunds/99'], path: '/orders/refunds/:refundId' });
    expect(await screen.findByText('This refund does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/orders/refunds');
  });
});
