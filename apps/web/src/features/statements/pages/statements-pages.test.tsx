import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ON_PAY_INCL, STATEMENT_FIGURES } from '@bloomline/contract';

import { axeViolations } from '@/test/axe';
import { callsOf, stubApi, type Handler } from '@/test/api-stub';
import { onPhone } from '@/test/phone';
import { renderApp, Where } from '@/test/render';
import { partnerUser, staffUser } from '@/test/users';

import { StatementOrdersPage } from './statement-orders-page';
import { StatementPage } from './statement-page';
import { MONTHS_DESCRIPTION, StatementsPage } from './statements-page';
import { entries, months, orderEntry, statement } from './statements.test-support';

afterEach(() => vi.restoreAllMocks());

const florist = { ...partnerUser, permissions: { ...partnerUser.permissions, partnerStatements: true } };
const featureOff = { ...florist, features: { statements: false } };

const api = (extra?: Handler) =>
  stubApi((url, init) => {
    const reply = extra?.(url, init);
    if (reply) return reply;
    if (url.pathname === '/api/reporting/statements/months') return { body: { data: months } };
    if (url.pathname === '/api/reporting/statements') return { body: statement };
    if (url.pathname === '/api/partners')
      return { body: { data: [{ id: 5, name: 'Kloof Street Flowers' }] } };
    if (url.pathname === '/api/orders/41/onpayment')
      return { body: { data: { 'Line values': 500, Commission: -49.5, [ON_PAY_INCL]: 450.5 } } };
    if (url.pathname === '/api/reporting/statements/orders')
      return {
        body: {
          data: [orderEntry],
          meta: { month: '2026-05', partner: { id: 7, name: 'Petals & Co' }, totalOnPay: 450.5 },
        },
      };
    return undefined;
  });

const texts = (els: HTMLElement[]) => els.map((e) => e.textContent);

describe('/statements', () => {
  it('lists the months with View, Detailed PDF and Summary PDF, and says what the counts are', async () => {
    const spy = api();
    const { container } = renderApp(<StatementsPage />, { user: florist, history: ['/statements'] });
    expect(screen.getByRole('heading', { level: 1, name: 'Monthly Statements' })).toBeInTheDocument();
    expect(screen.getByText(MONTHS_DESCRIPTION)).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'May 2026' })).toBeInTheDocument();
    expect(texts(screen.getAllByRole('columnheader'))).toEqual([
      'Month',
      'Orders received',
      'Orders Sent',
      'Actions',
    ]);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => texts(within(r).getAllByRole('cell')).slice(0, 3))).toEqual([
      ['June 2026', '0', '0'],
      ['May 2026', '14', '2'],
      ['April 2026', '1 204', '0'],
    ]);
    expect(screen.getByRole('link', { name: 'View May 2026' })).toHaveAttribute(
      'href',
      '/statements/2026-05',
    );
    expect(screen.getByRole('button', { name: 'Detailed PDF of May 2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Summary PDF of May 2026' })).toBeInTheDocument();
    expect(callsOf(spy)).toEqual(['GET /api/reporting/statements/months']);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('downloads a month’s summary PDF from the PDF address', async () => {
    Object.assign(URL, { createObjectURL: () => 'blob:file', revokeObjectURL: () => undefined });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const spy = api((url) => (url.pathname.endsWith('/summary') ? { body: 'pdf' } : undefined));
    renderApp(<StatementsPage />, { user: florist, history: ['/statements'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Summary PDF of May 2026' }));
    await waitFor(() => expect(saved).toEqual(['statement-2026-05-summary.pdf']));
    expect(callsOf(spy)).toContain('GET /api/reporting/statements/2026-05/summary');
  });

  it('shows the simple Statements table when the feature is off, View orders leading to the month’s orders', async () => {
    api();
    renderApp(<StatementsPage />, { user: featureOff, history: ['/statements'] });
    expect(screen.getByRole('heading', { level: 1, name: 'Statements' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'May 2026' })).toBeInTheDocument();
    expect(texts(screen.getAllByRole('columnheader'))).toEqual([
      'Statement period',
      'Orders Sent',
      'Actions',
    ]);
    expect(screen.getByRole('link', { name: 'View orders May 2026' })).toHaveAttribute(
      'href',
      '/statements/2026-05/orders',
    );
    expect(screen.queryByText(MONTHS_DESCRIPTION)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /PDF/ })).not.toBeInTheDocument();
  });

  it('shows a partner user without the permission nothing, asking nothing', () => {
    const spy = api();
    renderApp(<StatementsPage />, { user: partnerUser, history: ['/statements'] });
    expect(screen.getByText('Statements are not available to you.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it('shows staff the partner in the address, keeping it in every link', async () => {
    const spy = api();
    renderApp(<StatementsPage />, { user: staffUser, history: ['/statements?partner=5'] });
    expect(await screen.findByRole('link', { name: 'View May 2026' })).toHaveAttribute(
      'href',
      '/statements/2026-05?partner=5',
    );
    expect(screen.getByText(/orders the partner received in the month/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Kloof Street Flowers' })).toHaveAttribute(
      'href',
      '/partners/5',
    );
    expect(callsOf(spy)).toContain('GET /api/reporting/statements/months?partner_id=5');
  });

  it('lets staff without a partner choose one, asking for no statement before', async () => {
    const spy = api();
    renderApp(<StatementsPage />, { user: staffUser, history: ['/statements'], path: '/statements' });
    expect(screen.getByText(/belong to a partner/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Month-end statements' })).toHaveAttribute(
      'href',
      '/statements/month-end',
    );
    await userEvent.click(screen.getByRole('textbox', { name: 'Partner' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Kloof Street Flowers' }));
    expect(await screen.findByRole('link', { name: 'View May 2026' })).toHaveAttribute(
      'href',
      '/statements/2026-05?partner=5',
    );
    expect(callsOf(spy).filter((c) => c.includes('/reporting/'))).toEqual([
      'GET /api/reporting/statements/months?partner_id=5',
    ]);
  });

  it('shows a failure with Retry', async () => {
    api((url) =>
      url.pathname === '/api/reporting/statements/months'
        ? { status: 403, body: { message: 'Forbidden' } }
        : undefined,
    );
    renderApp(<StatementsPage />, { user: florist, history: ['/statements'] });
    expect(await screen.findByText('Forbidden')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('/statements/{month}', () => {
  const open = (history = ['/statements/2026-05'], user = florist) =>
    renderApp(<StatementPage />, { user, history, path: '/statements/:month' });

  it('shows the title, the five figures with their explanations, and every entry by its type', async () => {
    const spy = api();
    const { container } = open();
    expect(screen.getByRole('heading', { level: 1, name: 'Statement for May 2026' })).toBeInTheDocument();
    await waitFor(() =>
      expect(container.querySelector('[data-figure="currentBalance"]')).toHaveTextContent('R 2 150,25'),
    );
    const figures = STATEMENT_FIGURES.map((f) => screen.getByRole('group', { name: f.label }));
    figures.forEach((el, i) => expect(el).toHaveAccessibleDescription(STATEMENT_FIGURES[i]?.hint ?? ''));
    expect(figures.map((f) => within(f).getByText(/^-?R /).textContent)).toEqual([
      'R 2 150,25',
      'R 650,00',
      'R 1 100,50',
      'R 550,00',
      'R 450,50',
    ]);

    const list = screen.getByRole('list', { name: 'Entries' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(entries.length);
    // An order: its name to the order, recipient, Paid with the date, on pay, value, credit note, View.
    expect(within(cards[0]!).getByRole('link', { name: 'BL-1041' })).toHaveAttribute('href', '/order/41');
    expect(cards[0]).toHaveTextContent('Lerato Nkosi');
    expect(cards[0]).toHaveTextContent('Paid07 Jun 2026');
    // By hand: the order's value R 899,00 less its credit note R 50,00 = R 849,00 (part 2, point 2).
    expect(cards[0]).toHaveTextContent('Order value (incl delivery) less credit notesR 849,00');
    expect(cards[0]).toHaveTextContent('-R 50,00');
    expect(within(cards[0]!).getByRole('link', { name: 'View BL-1041' })).toHaveAttribute(
      'href',
      '/order/41',
    );
    // The amount as shown: the bill less its credit notes; everything else negative.
    expect(cards.map((c) => c.querySelector('[data-amount]')?.textContent)).toEqual([
      'R 400,50',
      'R 1 200,00',
      '-R 80,00',
      '-R 3 000,00',
      '-R 120,00',
      '-R 300,00',
    ]);
    expect(cards[1]).toHaveTextContent('Not yet');
    expect(cards[2]).toHaveTextContent('Refund');
    expect(cards[3]).toHaveTextContent('EFT payment');
    expect(cards[3]).toHaveTextContent('EFT April');
    expect(cards[4]).toHaveTextContent('Wholesale purchase');
    expect(cards[5]).toHaveTextContent('In-store order');
    expect(callsOf(spy)).toEqual(['GET /api/reporting/statements?month=2026-05&s=name&d=desc']);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('explains a figure on hover and on keyboard focus, until Escape', async () => {
    api();
    open();
    const figure = await screen.findByRole('group', { name: 'Total deductions' });
    await userEvent.hover(figure);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(STATEMENT_FIGURES[3].hint);
    await userEvent.unhover(figure);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    figure.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(STATEMENT_FIGURES[3].hint);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('sorts by Payment amount in the address and asks the server again', async () => {
    const spy = api();
    open();
    await screen.findByRole('list', { name: 'Entries' });
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name');
    expect(screen.getByRole('combobox', { name: 'Direction' })).toHaveValue('desc');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Payment amount');
    await waitFor(() =>
      expect(callsOf(spy)).toContain('GET /api/reporting/statements?month=2026-05&s=payment&d=desc'),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Direction' }), 'Ascending');
    await waitFor(() =>
      expect(callsOf(spy)).toContain('GET /api/reporting/statements?month=2026-05&s=payment&d=asc'),
    );
  });

  it('opens the on-pay calculation of an order', async () => {
    const spy = api();
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'On pay calculation of BL-1041' }));
    const dialog = await screen.findByRole('dialog', { name: 'On pay of BL-1041' });
    expect(await within(dialog).findByText('Commission')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('R 450,50');
    expect(callsOf(spy)).toContain('GET /api/orders/41/onpayment');
  });

  it('downloads the statement in the screen’s order, staff naming the partner', async () => {
    Object.assign(URL, { createObjectURL: () => 'blob:file', revokeObjectURL: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const spy = api((url) => (url.pathname.endsWith('/detail') ? { body: 'pdf' } : undefined));
    open(['/statements/2026-05?partner=5&s=date&d=asc'], staffUser);
    expect(await screen.findByRole('link', { name: 'Petals & Co' })).toHaveAttribute('href', '/partners/5');
    await userEvent.click(screen.getByRole('button', { name: 'Download Statement' }));
    await waitFor(() =>
      expect(callsOf(spy)).toContain(
        'GET /api/reporting/statements/2026-05/detail?s=date&d=asc&partner_id=5',
      ),
    );
    expect(callsOf(spy)).toContain('GET /api/reporting/statements?month=2026-05&s=date&d=asc&partner_id=5');
    expect(screen.getByRole('link', { name: 'Monthly Statements' })).toHaveAttribute(
      'href',
      '/statements?partner=5',
    );
  });

  it('says so when the month has nothing on it, still showing the figures', async () => {
    api((url) =>
      url.pathname === '/api/reporting/statements' ? { body: { ...statement, data: [] } } : undefined,
    );
    open();
    expect(await screen.findByText(/Nothing on this statement/)).toBeInTheDocument();
    expect(screen.getByText('R 2 150,25')).toBeInTheDocument();
  });

  it('asks nothing for a month that is not one (or is still to come)', () => {
    const spy = api();
    open(['/statements/2026-13']);
    expect(screen.getByText(/There is no statement for this month/)).toBeInTheDocument();
    open(['/statements/2999-01']);
    expect(spy).not.toHaveBeenCalled();
  });

  it('shows a failure with Retry', async () => {
    api((url) =>
      url.pathname === '/api/reporting/statements'
        ? { status: 422, body: { message: 'Month cannot be in the future.' } }
        : undefined,
    );
    open();
    expect(await screen.findByText('Month cannot be in the future.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('leads to the month’s orders when the feature is off', async () => {
    api();
    renderApp(<StatementPage />, {
      user: featureOff,
      history: ['/statements/2026-05'],
      path: '/statements/:month',
      others: { '/statements/:month/orders': <Where /> },
    });
    expect(await screen.findByRole('status', { name: 'Location' })).toHaveTextContent(
      '/statements/2026-05/orders',
    );
  });

  describe('on a phone', () => {
    onPhone();
    it('reads the same, without axe violations', async () => {
      api();
      const { container } = open();
      expect(await screen.findByRole('list', { name: 'Entries' })).toBeInTheDocument();
      expect(screen.getByText('R 2 150,25')).toBeInTheDocument();
      expect(await axeViolations(container)).toEqual([]);
    });
  });
});

describe('/statements/{month}/orders', () => {
  it('lists the month’s orders with their Total on pay', async () => {
    const spy = api();
    const { container } = renderApp(<StatementOrdersPage />, {
      user: featureOff,
      history: ['/statements/2026-05/orders'],
      path: '/statements/:month/orders',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'BL-1041' })).toHaveAttribute('href', '/order/41');
    expect(screen.getByText('Total on pay, May 2026')).toBeInTheDocument();
    expect(container.querySelector('[data-total]')).toHaveTextContent('R 450,50');
    expect(texts(screen.getAllByRole('columnheader'))).toEqual([
      'Order no',
      'Recipient',
      'Delivery date',
      'On pay',
      'Paid',
    ]);
    expect(screen.getByRole('link', { name: 'Statements' })).toHaveAttribute('href', '/statements');
    expect(callsOf(spy)).toEqual(['GET /api/reporting/statements/orders?month=2026-05']);
    expect(await axeViolations(container)).toEqual([]);
  });
});
