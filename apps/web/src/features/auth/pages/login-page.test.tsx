import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { axeViolations } from '@/test/axe';
import { renderApp } from '@/test/render';

import { LOGIN_OFFLINE, LOGIN_OFFLINE_BUTTON, LoginPage } from './login-page';

afterEach(() => vi.restoreAllMocks());

const setOnline = (online: boolean) =>
  act(() => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });

describe('/login', () => {
  it('uses one word for its heading and its button', () => {
    renderApp(<LoginPage />, { history: ['/login'] });
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  // Issue 36, point 8: signed out and offline, the button did nothing and nothing said why.
  it('says the device is offline, and its button says why it does nothing, until the connection is back', async () => {
    const { container } = renderApp(<LoginPage />, { history: ['/login'] });
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'florist@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'password');
    setOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent(LOGIN_OFFLINE);
    const button = screen.getByRole('button', { name: LOGIN_OFFLINE_BUTTON });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(LOGIN_OFFLINE);
    expect(await axeViolations(container)).toEqual([]);
    setOnline(true);
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.queryByText(LOGIN_OFFLINE)).not.toBeInTheDocument();
  });
});
