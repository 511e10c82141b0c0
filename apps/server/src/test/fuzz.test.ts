import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestClient } from './client';
import { createHarness } from './harness';
import type { Harness } from './harness';
import { createOrder } from './orders-fixtures';
import { createCatalogue } from './products-fixtures';
import { requestPlan, routesOf, RUNS_PER_ROUTE_AND_ROLE, SEED, toInject } from './fuzz-plans';
import type { OpenApiOperation } from './fuzz-plans';

/**
 * Hostile input against every route of the app, as staff, as a partner and signed out: no answer may be a
 * 5xx, but for a 503 that a route documents (an outside service it needs, such as Xero, is not connected). Routes are read from the app itself (its route tree, and the OpenAPI document for the fields each
 * one takes), so a route added later is fuzzed without touching this file.
 */

describe('fuzzing every route with hostile input', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
    const { partnerA, partnerB } = h.fixtures;
    // A few real orders and lines, so small ids reach the workflow and its SQL, not only "not found".
    await createOrder(h.database.db, [
      { partnerId: partnerA.id, status: 'open' },
      { partnerId: null, status: 'open' },
    ]);
    await createOrder(h.database.db, [
      { partnerId: partnerB.id, status: 'accepted' },
      { partnerId: partnerA.id, status: 'rejected' },
    ]);
    // Products, variants and recipe lines with small ids, so the recipe writes reach their SQL too.
    await createCatalogue(h.database.db, { a: partnerA.id, b: partnerB.id });
  });
  afterAll(async () => h.close());

  it(
    'answers no 5xx to any of them, as staff, as a partner and signed out',
    async () => {
      const doc = (await h.app.inject({ url: '/api/openapi.json' })).json<{
        paths: Record<string, Record<string, OpenApiOperation>>;
      }>();
      const routes = routesOf(h.app.printRoutes({ commonPrefix: false }), doc);
      // The tree must have been read: every documented operation is among the routes found.
      const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`),
      );
      const found = new Set(routes.map((r) => `${r.method} ${r.url}`));
      expect(documented.filter((d) => !found.has(d))).toEqual([]);
      expect(routes.length).toBeGreaterThan(30);

      const { staff, partnerA } = await h.signedIn('10.8.0');
      const guest = h.client('10.8.0.9');
      await guest.csrf();
      const roles: [string, TestClient, string | null][] = [
        ['staff', staff, h.fixtures.staff.email],
        ['partner', partnerA, h.fixtures.userA.email],
        ['signed out', guest, null],
      ];
      const statuses = new Map<number, number>();
      const failures: string[] = [];
      let sent = 0;
      for (const [r, route] of routes.entries()) {
        for (const [k, [role, client, email]] of roles.entries()) {
          await fc
            .assert(
              fc.asyncProperty(requestPlan(route), async (plan) => {
                const o = toInject(route, plan);
                const res = await client.request(plan.method, o.url, o.payload, o.headers);
                sent += 1;
                statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
                const documented503 = res.statusCode === 503 && route.mayBeUnavailable;
                if (res.statusCode >= 500 && !documented503) {
                  failures.push(
                    `${role} ${plan.method} ${o.url.slice(0, 200)} ${JSON.stringify(o.payload)?.slice(0, 200)} ${JSON.stringify(o.headers).slice(0, 200)} → ${String(res.statusCode)} ${res.body.slice(0, 200)}`,
                  );
                  return false;
                }
                return true;
              }),
              // A seed of its own per route and role, so each gets different inputs, reproducibly.
              { numRuns: RUNS_PER_ROUTE_AND_ROLE, seed: SEED + r * 3 + k, endOnFailure: true },
            )
            .catch(() => undefined);
          // Signing out (or anything else that ended the session) must not turn the other routes' runs anonymous.
          if (email && (await client.get('/api/me')).statusCode === 401) await client.login(email);
          if (!email) await client.csrf();
        }
      }
      console.log(
        `fuzz: ${String(routes.length)} routes × 3 roles, ${String(sent)} requests; statuses ${JSON.stringify(
          Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
        )}`,
      );
      expect(failures).toEqual([]);
    },
    Math.max(120_000, RUNS_PER_ROUTE_AND_ROLE * 5_000),
  );
});
