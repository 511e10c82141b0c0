import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { PayoutDue, PayoutRun } from '@bloomline/contract';

import { axeViolations } from '@/test/axe';
import { bodyOf, callsOf, invalid, pageOf, stubApi, type Handler } from '@/test/api-stub';
import { renderApp } from '@/test/render';
import { staffUser } from '@/test/users';

import { PayoutsPage } from './payouts-page';

afterEach(() => vi.restoreAllMocks());

const payer = { ...staffUser, permissions: { ...staffUser.permissions, managePayouts: true } };

const dues: PayoutDue[] = [
  {
    partner: { id: 1, name: 'Kloof Street Flowers' },
    bills: 1200.5,
    deductions: 200.25,
    due: 1000.25,
    bankReady: true,
    bankState: 'ready',
    enabled: true,
  },
  {
    partner: { id: 2, name: 'Constantia Blooms' },
    bills: 300,
    deductions: 0,
    due: 300,
    bankReady: false,
    bankState: 'incomplete',
    enabled: true,
  },
  {
    partner: { id: 3, name: 'Fynbos & Co' },
    bills: 0,
    deductions: 80,
    due: -80,
    bankReady: true,
    bankState: 'ready',
    enabled: true,
  },
  // Disabled, still paid what they are owed (issue 46).
  {
    partner: { id: 4, name: 'Petals Plus' },
    bills: 99.75,
    deductions: 0,
    due: 99.75,
    bankReady: true,
    bankState: 'ready',
    enabled: false,
  },
  // Issue 46: changed bank details not yet confirmed by a second user: held.
  {
    partner: { id: 5, name: 'Sea Point Petals' },
    bills: 410,
    deductions: 0,
    due: 410,
    bankReady: true,
    bankState: 'awaiting-confirmation',
    enabled: true,
  },
];
const runs: PayoutRun[] = [
  {
    id: 9,
    upTo: '2026-10-31',
    paidAt: '2026-11-07',
    reference: 'BL PAY 202610',
    createdAt: '2026-11-07T08:00:00.000Z',
    createdBy: { name: 'Ada Admin' },
    total: 5400,
    partnerCount: 3,
  },
];

function api(extra?: Handler) {
  return stubApi((url, init) => {
    const reply = extra?.(url, init);
    if (reply) return reply;
    if (url.pathname === '/api/payouts' && (init.method ?? 'GET') === 'GET') return { body: { data: dues } };
    if (url.pathname === '/api/payouts/runs') return { body: pageOf(runs, { path: '/api/payouts/runs' }) };
    return undefined;
  });
}

function openPage(user = payer) {
  return renderApp(
    <>
      <PayoutsPage />
      <Notifications />
    </>,
    { history: ['/payouts'], path: '/payouts', user },
  );
}

describe('/payouts', () => {
  it('lists what is due, chooses every partner that can be paid, and passes axe', async () => {
    api();
    const { container } = openPage();
    expect(await screen.findByRole('row', { name: /Kloof Street Flowers/ })).toHaveTextContent('R 1 000,25');
    const pay = (name: string) => screen.getByRole('checkbox', { name: `Pay ${name}` });
    expect(pay('Kloof Street Flowers')).toBeChecked();
    expect(pay('Petals Plus')).toBeChecked();
    // Incomplete bank details, or nothing above zero due: cannot be chosen.
    expect(pay('Constantia Blooms')).toBeDisabled();
    expect(pay('Fynbos & Co')).toBeDisabled();
    expect(screen.getByRole('row', { name: /Fynbos/ })).toHaveTextContent('(carried)');
    expect(screen.getByRole('link', { name: 'Incomplete: add them' })).toHaveAttribute('href', '/partners/2');
    expect(pay('Sea Point Petals')).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Awaiting confirmation: held' })).toHaveAttribute(
      'href',
      '/partners/5',
    );
    // A disabled partner is marked, and still chosen to be paid.
    expect(screen.getByRole('row', { name: /Petals Plus/ })).toHaveTextContent('Disabled');
    expect(screen.getByRole('row', { name: /Kloof Street/ })).not.toHaveTextContent('Disabled');
    // By hand: 1 000,25 + 99,75 = 1 100,00.
    expect(screen.getByText(/Chosen: 2 partners/)).toHaveTextContent('R 1 100,00');
    expect(await screen.findByRole('row', { name: /BL PAY 202610/ })).toHaveTextContent('R 5 400,00');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('records a payout of the partners chosen behind a confirmation naming the total', async () => {
    const spy = api((url, init) =>
      url.pathname === '/api/payouts' && init.method === 'POST'
        ? {
            status: 201,
            body: { data: { id: 10, payments: [{ id: 1, partner: dues[0]!.partner, amount: 1000.25 }] } },
          }
        : undefined,
    );
    openPage();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Pay Petals Plus' }));
    expect(screen.getByText(/Chosen: 1 partner/)).toHaveTextContent('R 1 000,25');
    await userEvent.click(screen.getByRole('button', { name: 'Record payout' }));
    const dialog = screen.getByRole('dialog', { name: 'Record payout' });
    expect(within(dialog).getByTestId('payout-confirmation')).toHaveTextContent(
      /Pay R 1 000,25 to 1 partner for their bills less deductions up to/,
    );
    expect(await axeViolations(dialog)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payout' }));
    expect(await screen.findByText('Payout recorded.')).toBeInTheDocument();
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(post?.[1])).toMatchObject({
      partnerIds: [1],
      reference: expect.stringMatching(/^BL PAY \d{8}$/) as string,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('R 1 000,25 paid to Kloof Street Flowers');
    expect(screen.getByRole('button', { name: 'Download bank file' })).toBeInTheDocument();
    expect(callsOf(spy).filter((c) => c.startsWith('POST'))).toEqual(['POST /api/payouts']);
  });

  it("shows the server's 422 in the dialog and Choose none leaves nothing to record", async () => {
    api((url, init) =>
      url.pathname === '/api/payouts' && init.method === 'POST'
        ? invalid({ reference: ['Bank reference can have at most 30 characters.'] })
        : undefined,
    );
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Record payout' }));
    const dialog = screen.getByRole('dialog', { name: 'Record payout' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payout' }));
    expect(
      await within(dialog).findByText('Bank reference can have at most 30 characters.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Choose none' }));
    expect(screen.getByRole('button', { name: 'Record payout' })).toBeDisabled();
  });

  it('tells staff without the payouts permission, and asks nothing', async () => {
    const spy = api();
    openPage(staffUser);
    expect(await screen.findByText(/Payouts are not available to you/)).toBeInTheDocument();
    expect(callsOf(spy)).toEqual([]);
  });
});
