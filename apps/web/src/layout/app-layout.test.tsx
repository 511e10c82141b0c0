import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { firstScreenShown } from '@/lib/after-first-screen';
import { stubApi } from '@/test/api-stub';
import { atWidth } from '@/test/phone';
import { renderApp } from '@/test/render';
import { partnerUser, staffUser } from '@/test/users';

import { AppLayout } from './app-layout';

// Issue 36, point 1: the user's own profile, Change password and the support contacts, reachable at every width.

afterEach(() => vi.restoreAllMocks());

const config = { supportPhone: '+27 21 555 0100', supportEmail: 'help@bloomline.example' };
const api = () =>
  stubApi((url) => (url.pathname === '/api/config' ? { body: { data: config } } : { body: { data: [] } }));

firstScreenShown();

describe('the frame on a phone (375 px)', () => {
  atWidth(375);

  it.each([
    ['staff', staffUser],
    ['a partner', partnerUser],
  ])('gives %s their profile, Change password and the support contacts in the Menu', async (_, user) => {
    api();
    renderApp(<AppLayout />, { user });
    // The greeting has no room at this width.
    expect(screen.queryByText(`Hi, ${user.name}`)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'Main' });
    await userEvent.click(within(menu).getByRole('button', { name: 'My account' }));
    expect(within(menu).getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/users/profile');
    expect(within(menu).getByRole('link', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/change-password',
    );
    expect(await within(menu).findByRole('link', { name: /Support phone/ })).toHaveAttribute(
      'href',
      'tel:+27215550100',
    );
    expect(within(menu).getByRole('link', { name: /Support e-mail/ })).toHaveAttribute(
      'href',
      'mailto:help@bloomline.example',
    );
  });
});

describe('the frame on a tablet (800 px)', () => {
  atWidth(800);

  it('opens the account and the support contacts from the greeting', async () => {
    api();
    renderApp(<AppLayout />);
    await userEvent.click(await screen.findByRole('button', { name: 'Hi, Thandi' }));
    expect(await screen.findByRole('menuitem', { name: 'My profile' })).toHaveAttribute(
      'href',
      '/users/profile',
    );
    expect(screen.getByRole('menuitem', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/change-password',
    );
    expect(await screen.findByRole('menuitem', { name: '+27 21 555 0100' })).toHaveAttribute(
      'href',
      'tel:+27215550100',
    );
    expect(screen.getByRole('menuitem', { name: 'help@bloomline.example' })).toHaveAttribute(
      'href',
      'mailto:help@bloomline.example',
    );
  });
});

describe('the frame on a desktop (1280 px)', () => {
  atWidth(1280);

  it('shows the support contacts in the header, and the account in the greeting’s menu', async () => {
    api();
    renderApp(<AppLayout />);
    expect(await screen.findByRole('link', { name: /Support phone/ })).toHaveAttribute(
      'href',
      'tel:+27215550100',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Hi, Thandi' }));
    expect(await screen.findByRole('menuitem', { name: 'Change password' })).toBeInTheDocument();
    // The toasts sit below the header: its height is kept where they read it (issue 36).
    expect(document.documentElement.style.getPropertyValue('--bloomline-header-height')).toMatch(/^\d+px$/);
    expect(screen.queryByRole('menuitem', { name: '+27 21 555 0100' })).not.toBeInTheDocument();
  });
});
