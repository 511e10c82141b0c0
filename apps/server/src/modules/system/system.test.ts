import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestClient } from '../../test/client';
import { createHarness, type Harness } from '../../test/harness';

// Issue 38: readiness for a balancer, /metrics for whoever holds the token, a request id on every answer.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN = 'metrics-token-for-the-test';

let h: Harness;
let staff: TestClient;
let partner: TestClient;

beforeAll(async () => {
  h = await createHarness({ env: { METRICS_TOKEN: TOKEN, TRUST_PROXY: 'true' } });
  ({ staff, partnerA: partner } = await h.signedIn('10.38.1'));
});
afterAll(() => h.close());

describe('GET /ready', () => {
  it('is ready with the database answering and every migration run', async () => {
    const res = await h.client().get('/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok' });
  });

  it('is not ready while a migration of this build is missing', async () => {
    const db = h.database.db;
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    await db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${newest}`,
    );
    try {
      const res = await h.client().get('/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', database: 'migrations pending' });
      // Liveness is another question: the process is fine.
      expect((await h.client().get('/health')).statusCode).toBe(200);
    } finally {
      await db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = ${newest}`,
      );
    }
    expect((await h.client().get('/ready')).statusCode).toBe(200);
  });
});

describe('X-Request-Id', () => {
  it('is on every answer: a page of data, a refusal, a missing page', async () => {
    const answers = [
      await staff.get('/api/partners'),
      await h.client().get('/api/partners'),
      await staff.get('/api/no-such-thing'),
      await partner.get('/api/users'),
      // Refused by the router itself (a malformed percent-encoding), before any hook.
      await staff.get('/%'),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 403, 400]);
    const ids = answers.map((r) => String(r.headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("takes the balancer's id when the proxy is trusted, and never a malformed one", async () => {
    const given = await h.client().get('/health', { 'x-request-id': 'nginx-3f2a9c' });
    expect(given.headers['x-request-id']).toBe('nginx-3f2a9c');
    const odd = await h.client().get('/health', { 'x-request-id': 'a b\u0000c' });
    expect(String(odd.headers['x-request-id'])).toMatch(UUID);
  });
});

describe('GET /metrics', () => {
  it('is not there without the token', async () => {
    const bare = await h.client().get('/metrics');
    expect(bare.statusCode, bare.body.slice(0, 200)).toBe(404);
    expect((await staff.get('/metrics', { authorization: 'Bearer wrong' })).statusCode).toBe(404);
  });

  it('answers Prometheus text: requests by route and status, the pool, jobs, streams, the event loop', async () => {
    await staff.get('/api/partners');
    await h.app.mails.queueMail(h.database.db, {
      kind: 'welcome',
      to: 'metrics@example.com',
      subject: 'Counted',
      text: 'A job to count.',
    });
    await h.mailsSent();
    const res = await h.client().get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/partners",status_code="200"\} \d+/,
    );
    expect(text).toMatch(/bloomline_db_pool_connections\{state="in_use"\} \d+/);
    expect(text).toMatch(/bloomline_db_pool_connections\{state="waiting"\} \d+/);
    expect(text).toMatch(/bloomline_jobs\{queue="mail",state="completed"\} [1-9]/);
    expect(text).toMatch(/bloomline_open_streams \d+/);
    expect(text).toMatch(/nodejs_eventloop_lag_p99_seconds [\d.e-]+/);
  });
});
