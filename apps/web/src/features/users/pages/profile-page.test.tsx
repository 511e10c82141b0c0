import { Text } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { CurrentUser } from '@bloomline/contract';

import { SessionContext, useSession } from '@/session/session-context';
import { callsOf, formOf, invalid, stubApi } from '@/test/api-stub';
import { renderApp, Where } from '@/test/render';
import { partnerUser } from '@/test/users';

import { ProfilePage } from './profile-page';

afterEach(() => vi.restoreAllMocks());

/** Types a value in one go (pasted): typing it key by key is slow on a busy machine. */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

/** A session that keeps what it is given, and a greeting like the header's. */
function LiveSession({ children }: { children: ReactNode }) {
  const outer = useSession();
  const [user, setUser] = useState<CurrentUser | null>(outer.user);
  return (
    <SessionContext.Provider value={{ ...outer, user, setCurrentUser: setUser }}>
      <Text>Hi, {user?.name}</Text>
      {children}
    </SessionContext.Provider>
  );
}

const render = () =>
  renderApp(
    <LiveSession>
      <ProfilePage />
      <Where />
    </LiveSession>,
    {
      user: partnerUser,
      history: ['/orders/open', '/users/profile'],
      path: '*',
    },
  );

describe('/users/profile', () => {
  // Issue 36, point 1: a new password was reached only by typing its address.
  it('leads to Change password', () => {
    stubApi(() => undefined);
    render();
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/change-password');
  });

  it('saves name, e-mail and phone, keeps the answer as the current user and goes to the dashboard', async () => {
    const saved: CurrentUser = { ...partnerUser, name: 'Thandi Renamed', phoneNumber: '082 555 0199' };
    const spy = stubApi((url, init) =>
      url.pathname === `/api/users/${partnerUser.id}` && init.method === 'POST'
        ? { body: { data: saved } }
        : undefined,
    );
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'My profile' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue(partnerUser.email);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await userEvent.clear(name);
    await fill(name, 'Thandi Renamed');
    await fill(screen.getByRole('textbox', { name: /^Phone number/ }), '082 555 0199');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByLabelText('Location')).toHaveTextContent('/dashboard'));
    expect(screen.getByText('Hi, Thandi Renamed')).toBeInTheDocument();
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(formOf(post?.[1])).toEqual({
      _method: 'PUT',
      name: 'Thandi Renamed',
      email: partnerUser.email,
      phoneNumber: '082 555 0199',
    });
    // The answer is kept: no second call for the current user.
    expect(callsOf(spy).filter((c) => c.includes('/api/me'))).toEqual([]);
  });

  it('checks in the server words before sending and shows a 422 under its field', async () => {
    const spy = stubApi(() => invalid({ email: ['This email is already taken.'] }));
    render();
    const email = screen.getByRole('textbox', { name: /^Email/ });
    await userEvent.clear(email);
    await fill(email, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Email must be a valid email address.')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
    await userEvent.clear(email);
    await fill(email, 'florist2@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This email is already taken.')).toBeInTheDocument();
    expect(screen.getByText(`Hi, ${partnerUser.name}`)).toBeInTheDocument();
  });

  it('goes back one step on Cancel', async () => {
    stubApi(() => undefined);
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByLabelText('Location')).toHaveTextContent('/orders/open'));
  });
});
