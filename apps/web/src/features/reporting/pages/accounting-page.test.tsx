import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ACCOUNTING_COLUMNS, type AccountingRow } from '@bloomline/contract';

import { callsOf, stubApi } from '@/test/api-stub';
import { axeViolations } from '@/test/axe';
import { renderApp } from '@/test/render';

import { ACCOUNTING_PAGE_SIZE } from '../components/accounting-table';
import { AccountingPage } from './accounting-page';

afterEach(() => vi.restoreAllMocks());

const row = (n: number): AccountingRow => [
  `#BL${String(1000 + n)}`,
  '2026-05-02',
  'Web',
  'web',
  '=Customer',
  'c@example.com',
  'florist',
  '2026-05-04',
  'card',
  'delivered',
  450,
  'Protea Petals',
  false,
  true,
  n === 0 ? 99 : 0,
  337.5,
  n === 0 ? 436.5 : 337.5,
  0,
  7 + n,
];

const api = (rows: AccountingRow[]) =>
  stubApi((url) => {
    if (url.pathname === '/api/reporting/accounting-csv') return { body: rows };
    if (url.pathname === '/api/orders/7/onpayment')
      return { body: { data: { 'Order value (Excl Delivery)': 450, 'On pay (Incl Delivery)': 436.5 } } };
    return undefined;
  });

const render = (address: string) =>
  renderApp(<AccountingPage />, { history: [address], path: '/reporting/accounting-csv' });

describe('/reporting/accounting-csv', () => {
  it('asks for a period before it loads anything, and offers Export report', async () => {
    const spy = api([]);
    const { container } = render('/reporting/accounting-csv');
    expect(screen.getByText('Choose a period')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export report' })).toBeInTheDocument();
    expect(callsOf(spy)).toEqual([]);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('shows the 18 columns of the period, and the on-pay calculation of a row in a dialog', async () => {
    const spy = api([row(0), row(1)]);
    const { container } = render('/reporting/accounting-csv?startDate=2026-05-01&endDate=2026-05-31');
    const table = await screen.findByRole('table', { name: 'Accounting rows' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([...ACCOUNTING_COLUMNS]);
    const first = within(table).getAllByRole('row')[1]!;
    expect(first).toHaveTextContent('#BL1000');
    expect(first).toHaveTextContent('02 May 2026');
    expect(first).toHaveTextContent('=Customer');
    expect(first).toHaveTextContent('R 436,50');
    expect(callsOf(spy)).toEqual([
      'GET /api/reporting/accounting-csv?startDate=2026-05-01&endDate=2026-05-31',
    ]);
    expect(await axeViolations(container)).toEqual([]);

    const view = within(first).getByRole('button', { name: 'View onpay calculation of #BL1000' });
    expect(view).toHaveAttribute('title', 'View onpay calculation');
    await userEvent.click(view);
    const dialog = await screen.findByRole('dialog', { name: 'On pay calculation of #BL1000' });
    expect(await within(dialog).findByText('On pay (Incl Delivery)')).toBeInTheDocument();
    expect(within(dialog).getByText('R 436,50')).toBeInTheDocument();
    expect(callsOf(spy)).toContain('GET /api/orders/7/onpayment');
    expect(await axeViolations(dialog)).toEqual([]);
  });

  it('pages a long period on screen', async () => {
    api(Array.from({ length: ACCOUNTING_PAGE_SIZE + 3 }, (_, i) => row(i)));
    render('/reporting/accounting-csv?startDate=2026-05-01');
    expect(
      await screen.findByText(`${String(ACCOUNTING_PAGE_SIZE + 3)} order lines, page 1 of 2`),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Accounting rows' })).getAllByRole('row')).toHaveLength(
        4,
      ),
    );
  });

  it('says so when the period has no lines', async () => {
    api([]);
    render('/reporting/accounting-csv?endDate=2020-01-01');
    expect(await screen.findByText('No data for this period.')).toBeInTheDocument();
  });
});
