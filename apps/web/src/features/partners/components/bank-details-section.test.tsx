import { Notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { BANK_TEXTS, type Partner } from '@bloomline/contract';

import { bodyOf, callsOf, stubApi } from '@/test/api-stub';
import { axeViolations } from '@/test/axe';
import { renderApp } from '@/test/render';
import { staffUser } from '@/test/users';

import { kloof } from '../pages/partners.test-support';
import { BankDetailsSection } from './bank-details-section';

// Issue 46 on the partner's page: the state in words, the full details or the last four digits, the change
// dialog checked in the server's words, and Confirm for a second user with the payouts permission only.

afterEach(() => vi.restoreAllMocks());

const payer = { ...staffUser, id: 8, permissions: { ...staffUser.permissions, managePayouts: true } };
const awaiting: Partner = {
  ...kloof,
  bank: {
    ...kloof.bank,
    state: 'awaiting-confirmation',
    change: { ...kloof.bank.change!, confirmedBy: null, confirmedAt: null },
  },
};

function open(partner: Partner, user = payer) {
  return renderApp(
    <>
      <BankDetailsSection partner={partner} />
      <Notifications />
    </>,
    { user },
  );
}

describe('BankDetailsSection', () => {
  it('shows staff without the payouts permission the last four digits only, and no change', async () => {
    stubApi(() => undefined);
    const hidden: Partner = {
      ...kloof,
      bank_name: null,
      branch_code: null,
      account_name: null,
      account_number: null,
      account_type: null,
      bank: { ...kloof.bank, shown: false },
    };
    const { container } = open(hidden, staffUser);
    expect(screen.getByText('Account number: •••• 0001')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change bank details' })).not.toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('says who changed and who confirmed, with the details in full for the payouts permission', () => {
    stubApi(() => undefined);
    open(kloof);
    expect(screen.getByTestId('bank-state-sentence')).toHaveTextContent(
      'Changed by Ayesha Patel on Mon 02 Nov 2026, confirmed by Thandeka Mokoena on Mon 02 Nov 2026',
    );
    expect(screen.getByText('62000000001')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm bank details' })).not.toBeInTheDocument();
  });

  it('lets another payouts user confirm the change read, behind a question', async () => {
    const spy = stubApi((url, init) =>
      url.pathname === '/api/partners/7/bank-details/confirm' && init.method === 'POST'
        ? { body: { data: kloof } }
        : undefined,
    );
    open(awaiting);
    expect(screen.getByTestId('bank-state-sentence')).toHaveTextContent(
      'Changed by Ayesha Patel on Mon 02 Nov 2026, awaiting confirmation',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Confirm bank details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm bank details' });
    expect(dialog).toHaveTextContent('FNB account 62000000001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(post?.[1])).toEqual({ changeId: 3 });
  });

  it('keeps Confirm from the user who made the change, saying why', () => {
    stubApi(() => undefined);
    open(awaiting, { ...payer, id: 7 });
    expect(screen.getByRole('button', { name: 'Confirm bank details' })).toBeDisabled();
    expect(screen.getByTestId('bank-confirm-reason')).toHaveTextContent(BANK_TEXTS.ownChange);
  });

  it('checks a change in the server’s words before sending, then sends the five fields', async () => {
    const spy = stubApi((url, init) =>
      url.pathname === '/api/partners/7/bank-details' && init.method === 'PUT'
        ? { body: { data: awaiting } }
        : undefined,
    );
    open(kloof);
    await userEvent.click(screen.getByRole('button', { name: 'Change bank details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change bank details' });
    const number = within(dialog).getByRole('textbox', { name: 'Account number' });
    await userEvent.clear(number);
    await userEvent.type(number, '-2+3');
    const branch = within(dialog).getByRole('textbox', { name: 'Branch code' });
    await userEvent.clear(branch);
    await userEvent.type(branch, '+27-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(BANK_TEXTS.account_number)).toBeInTheDocument();
    expect(within(dialog).getByText(BANK_TEXTS.branch_code)).toBeInTheDocument();
    expect(callsOf(spy).some((c) => c.startsWith('PUT'))).toBe(false);
    await userEvent.clear(number);
    await userEvent.type(number, '1234566789');
    await userEvent.clear(branch);
    await userEvent.type(branch, '470010');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(/a second user with the payouts permission must confirm/),
    ).toBeInTheDocument();
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(bodyOf(put?.[1])).toEqual({
      bank_name: 'FNB',
      branch_code: '470010',
      account_name: 'Kloof Street Flowers',
      account_number: '1234566789',
      account_type: 'Cheque',
    });
  });
});
