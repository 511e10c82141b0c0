import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { bodyOf, callsOf, invalid, stubApi } from '@/test/api-stub';
import { axeViolations } from '@/test/axe';
import { renderApp } from '@/test/render';
import { partnerUser, staffUser } from '@/test/users';

import { AlertSettingsPage, IPHONE_HINT, UNSUPPORTED_HINT } from './alert-settings-page';

afterEach(() => vi.restoreAllMocks());

const PREFS = '/api/notifications/preferences';

const api = (put?: (body: unknown) => { status?: number; body?: unknown }) =>
  stubApi((url, init) => {
    if (url.pathname !== PREFS) return undefined;
    if ((init.method ?? 'GET') === 'PUT') {
      const body = bodyOf(init) as Record<string, boolean>;
      return put?.(body) ?? { body: { data: { alerts: true, sound: true, ...body } } };
    }
    return { body: { data: { alerts: true, sound: true } } };
  });

const show = (user = partnerUser) => renderApp(<AlertSettingsPage />, { user, history: ['/alerts'] });

describe('/alerts', () => {
  it('shows both switches on, says what this browser can do, and passes axe', async () => {
    api();
    const { container } = show();
    expect(screen.getByRole('status', { name: 'Loading your alert settings' })).toBeInTheDocument();
    const alerts = await screen.findByRole('switch', { name: /New-order alerts on this device/ });
    expect(alerts).toBeChecked();
    expect(screen.getByRole('switch', { name: /Play a sound for new orders/ })).toBeChecked();
    // jsdom has no service worker: the lock screen is out of reach, the open app still alerts.
    expect(screen.getByText(UNSUPPORTED_HINT)).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('turns the sound off for this user', async () => {
    const spy = api();
    show();
    await userEvent.click(await screen.findByRole('switch', { name: /Play a sound for new orders/ }));
    await waitFor(() => expect(callsOf(spy)).toContain(`PUT ${PREFS}`));
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(bodyOf(put?.[1])).toEqual({ sound: false });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: /Play a sound for new orders/ })).not.toBeChecked(),
    );
  });

  it('says why a change was refused (422)', async () => {
    api(() => invalid({ sound: ['The sound field must be true or false.'] }));
    show();
    await userEvent.click(await screen.findByRole('switch', { name: /Play a sound for new orders/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The sound field must be true or false.');
  });

  it('offers Retry when the settings cannot be read', async () => {
    stubApi(() => ({ status: 500, body: { message: 'Server Error' } }));
    show();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('tells iPhone users to add the app to the home screen first', async () => {
    api();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
    );
    show();
    expect(await screen.findByText(IPHONE_HINT)).toBeInTheDocument();
  });

  it('is for partner users', () => {
    api();
    show(staffUser);
    expect(screen.getByText('New-order alerts are for the users of a partner.')).toBeInTheDocument();
  });
});
