import { afterEach, describe, expect, it, vi } from 'vitest';

import { SAVED_AT_HEADER } from '@/pwa/offline-data';

import { api, NEEDS_CONNECTION } from './client';
import { connectionNow } from './connection';

afterEach(() => vi.restoreAllMocks());

const answer = (headers: Record<string, string> = {}) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response(JSON.stringify({ data: 1 }), {
        headers: { 'Content-Type': 'application/json', ...headers },
      }),
  );

describe('offline', () => {
  it('says a kept answer is not live until a fresh one arrives', async () => {
    answer({ [SAVED_AT_HEADER]: '2026-11-26T10:05:00.000Z' });
    await api.get('/api/orders');
    expect(connectionNow()).toEqual({ offline: true, savedAt: '2026-11-26T10:05:00.000Z' });
    vi.restoreAllMocks();
    answer();
    await api.get('/api/orders');
    expect(connectionNow()).toEqual({ offline: false, savedAt: null });
  });

  it('refuses a change at once while the browser is offline, without sending it', async () => {
    const fetch = answer();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(api.post('/api/orders/1/accept')).rejects.toMatchObject({
      status: 0,
      message: NEEDS_CONNECTION,
    });
    expect(fetch).not.toHaveBeenCalled();
    // Reads still go: the service worker may answer them from what it kept.
    await api.get('/api/me');
    expect(fetch).toHaveBeenCalledOnce();
  });
});
