import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { passwordResetTokens } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const resetTokenFrom = (text: string) => /reset-password\/([A-Za-z0-9_-]+)\?email=/.exec(text)?.[1];

describe('forgot and reset password', () => {
  it('gives the same answer for known and unknown addresses and mails only the known one', async () => {
    const c = h.client('10.0.3.1');
    await c.csrf();
    await h.mailsSent();
    const sent = h.outbox.length;
    const known = await c.post('/api/forgot-password', { email: 'florist2@example.com' });
    const unknown = await c.post('/api/forgot-password', { email: 'nobody@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await h.mailsSent();
    expect(h.outbox.length).toBe(sent + 1);
    expect(h.outbox.at(-1)?.to).toBe('florist2@example.com');
  });

  it('throttles per address and per client: 15 requests at once write at most 3 mails, the same answers either way', async () => {
    // One address, 15 times at once from one client: 3 mails, then 429 for the rest.
    const c = h.client('10.0.3.20');
    await c.csrf();
    await h.mailsSent();
    const sent = h.outbox.length;
    const flood = await Promise.all(
      Array.from({ length: 15 }, () => c.post('/api/forgot-password', { email: 'admin@example.com' })),
    );
    const statuses = flood.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(3).fill(200), ...Array<number>(12).fill(429)]);
    await h.mailsSent();
    expect(h.outbox.length - sent).toBe(3);
    const throttled = flood.find((r) => r.statusCode === 429)!;
    expect(throttled.json<{ message: string }>().message).toMatch(
      /^Too many password reset requests\. Please try again in \d+ seconds\.$/,
    );
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(500);

    // An address without an account is answered exactly the same, request by request.
    const answers = async (client: TestClient, email: string) => {
      const out: [number, string][] = [];
      for (let i = 0; i < 5; i++) {
        const res = await client.post('/api/forgot-password', { email });
        out.push([res.statusCode, res.json<{ message?: string; status?: string }>().status ?? 'throttled']);
      }
      return out;
    };
    const [k, u] = [h.client('10.0.3.21'), h.client('10.0.3.22')];
    await k.csrf();
    await u.csrf();
    const known = await answers(k, 'Florist@Example.com');
    const unknown = await answers(u, 'nobody-else@example.com');
    expect(unknown).toEqual(known);
    expect(known.map(([status]) => status)).toEqual([200, 200, 200, 429, 429]);

    // Other addresses from one client: 10 requests, then 429 whatever the address.
    const many = h.client('10.0.3.23');
    await many.csrf();
    const codes: number[] = [];
    for (let i = 0; i < 12; i++)
      codes.push(
        (await many.post('/api/forgot-password', { email: `someone${String(i)}@example.com` })).statusCode,
      );
    expect(codes).toEqual([...Array<number>(10).fill(200), 429, 429]);
  });

  it('answers 422 for a malformed address', async () => {
    const c = h.client('10.0.3.2');
    await c.csrf();
    const res = await c.post('/api/forgot-password', { email: 'not-an-email' });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.email).toEqual([
      'Email must be a valid email address.',
    ]);
  });

  it('resets with the mailed token once, and the new password signs in', async () => {
    const c = h.client('10.0.3.3');
    await c.csrf();
    await c.post('/api/forgot-password', { email: 'florist2@example.com' });
    await h.mailsSent();
    const token = resetTokenFrom(h.outbox.at(-1)!.text)!;
    expect(token).toBeTruthy();
    const body = {
      token,
      email: 'florist2@example.com',
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    };
    const first = await c.post('/api/reset-password', body);
    expect(first.statusCode).toBe(200);
    const again = await c.post('/api/reset-password', body);
    expect(again.statusCode).toBe(422);
    expect(again.json<{ errors: Record<string, string[]> }>().errors.email).toEqual([
      'This password reset token is invalid.',
    ]);
    expect((await h.client('10.0.3.4').login('florist2@example.com', 'new-password-1')).statusCode).toBe(200);
    expect((await h.client('10.0.3.5').login('florist2@example.com', 'password')).statusCode).toBe(422);
  });

  it('refuses an expired token', async () => {
    const c = h.client('10.0.3.6');
    await c.csrf();
    await c.post('/api/forgot-password', { email: 'admin@example.com' });
    await h.mailsSent();
    const token = resetTokenFrom(h.outbox.at(-1)!.text)!;
    await h.database.db
      .update(passwordResetTokens)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(passwordResetTokens.email, 'admin@example.com'));
    const res = await c.post('/api/reset-password', {
      token,
      email: 'admin@example.com',
      password: 'another-pass',
      password_confirmation: 'another-pass',
    });
    expect(res.statusCode).toBe(422);
  });

  it('validates the new password', async () => {
    const c = h.client('10.0.3.7');
    await c.csrf();
    const res = await c.post('/api/reset-password', {
      token: 'x',
      email: 'admin@example.com',
      password: 'short',
      password_confirmation: 'other',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.password).toEqual([
      'Password must have at least 8 characters.',
      'The passwords do not match.',
    ]);
  });
});
