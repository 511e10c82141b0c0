import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { XERO_CONNECT_ERRORS, type CurrentUser, type XeroConnection } from '@bloomline/contract';

import { axeViolations } from '@/test/axe';
import { callsOf, stubApi } from '@/test/api-stub';
import { renderApp } from '@/test/render';
import { staffUser } from '@/test/users';

import { XeroPage } from './xero-page';

afterEach(() => vi.restoreAllMocks());

const connector: CurrentUser = {
  ...staffUser,
  permissions: { ...staffUser.permissions, authenticateXero: true, manageXero: true },
};
const NOT_SET_UP =
  'The accounting connection (Xero) is not set up on this server. The administrator must set XERO_CLIENT_ID, XERO_CLIENT_SECRET and XERO_REDIRECT_URI.';

const state = (over: Partial<XeroConnection> = {}): XeroConnection => ({
  connected: false,
  tenantName: null,
  connectedAt: null,
  expired: false,
  ...over,
});

function connectionApi(answers: { status?: number; body: unknown }[]) {
  let next = 0;
  return stubApi((url, init) => {
    if (url.pathname !== '/api/xero/connection') return undefined;
    if (init.method === 'DELETE') return { status: 204 };
    const answer = answers[Math.min(next, answers.length - 1)];
    next += 1;
    return answer;
  });
}

const open = (user = connector, at = '/system/xero') => renderApp(<XeroPage />, { user, history: [at] });

describe('/system/xero', () => {
  it('not connected: Connect Xero goes to the server’s authorisation start', async () => {
    connectionApi([{ body: { data: state() } }]);
    const { container } = open();
    const connect = await screen.findByRole('link', { name: 'Connect Xero' });
    expect(connect).toHaveAttribute('href', '/xero/auth/authorize');
    expect(screen.getByText(/Xero is not connected/)).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('connected: the organisation and since when; Disconnect asks first', async () => {
    const spy = connectionApi([
      {
        body: {
          data: state({ connected: true, tenantName: 'Acme Flowers', connectedAt: '2026-11-02T08:30:00Z' }),
        },
      },
      { body: { data: state() } },
    ]);
    const { container } = open();
    expect(await screen.findByText(/since Mon 02 Nov 2026 10:30/)).toHaveTextContent(
      'Connected to Acme Flowers',
    );
    expect(screen.queryByRole('link', { name: 'Connect Xero' })).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Acme Flowers' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByRole('link', { name: 'Connect Xero' })).toBeInTheDocument();
    expect(callsOf(spy)).toContain('DELETE /api/xero/connection');
  });

  it('expired: says so, with Connect again', async () => {
    connectionApi([
      {
        body: {
          data: state({ expired: true, tenantName: 'Acme Flowers', connectedAt: '2026-11-02T08:30:00Z' }),
        },
      },
    ]);
    const { container } = open();
    expect(await screen.findByText('The connection to Acme Flowers has expired')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect again' })).toHaveAttribute(
      'href',
      '/xero/auth/authorize',
    );
    expect(await axeViolations(container)).toEqual([]);
  });

  it('not set up on this server: what the administrator must set, and no Connect', async () => {
    connectionApi([{ status: 503, body: { message: NOT_SET_UP } }]);
    open();
    expect(await screen.findByText('Not set up on this server')).toBeInTheDocument();
    expect(screen.getByText(NOT_SET_UP)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Connect Xero' })).toBeNull();
  });

  it('a failed attempt comes back with its reason, in the page’s own words only', async () => {
    connectionApi([{ body: { data: state() } }]);
    open(connector, '/system/xero?error=state');
    expect(await screen.findByRole('alert')).toHaveTextContent(XERO_CONNECT_ERRORS.state);
  });

  it('ignores an error code it does not know', async () => {
    connectionApi([{ body: { data: state() } }]);
    open(connector, '/system/xero?error=%3Cb%3Eyour%20bank%20details%3C%2Fb%3E');
    await screen.findByRole('link', { name: 'Connect Xero' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('staff with manageXero only see the state, without Connect or Disconnect', async () => {
    connectionApi([
      {
        body: {
          data: state({ connected: true, tenantName: 'Acme Flowers', connectedAt: '2026-11-02T08:30:00Z' }),
        },
      },
    ]);
    open({ ...staffUser, permissions: { ...staffUser.permissions, manageXero: true } });
    expect(await screen.findByText(/Connected to/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull();
  });

  it('staff with neither permission are told so, and the server is not asked', async () => {
    const spy = connectionApi([{ body: { data: state() } }]);
    open(staffUser);
    expect(
      await screen.findByText('You do not have access to the accounting connection.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(callsOf(spy)).not.toContain('GET /api/xero/connection'));
  });
});
