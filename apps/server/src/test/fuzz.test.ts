import fc from 'fast-check';
import FindMyWay from 'find-my-way';
import type { HTTPMethod } from 'find-my-way';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { unmatchedStatusesOf } from '../plugins/route-statuses';
import { createRefund, createReturn } from './claims-fixtures';
import type { TestClient } from './client';
import { createHarness } from './harness';
import type { Harness } from './harness';
import { newKey } from './intake-fixtures';
import { createOrder } from './orders-fixtures';
import { createCatalogue } from './products-fixtures';
import { requestPlan, routesOf, RUNS_PER_ROUTE_AND_ROLE, SEED, toInject } from './fuzz-plans';
import type { OpenApiOperation } from './fuzz-plans';

/**
 * Hostile input against every route of the app, as staff, as a partner, signed out and as the shop with an API key: no answer may be a
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
    const second = await createOrder(h.database.db, [
      { partnerId: partnerB.id, status: 'accepted' },
      { partnerId: partnerA.id, status: 'rejected' },
    ]);
    // An open return and an unprocessed refund, so their processing (and its deductions) is reached too.
    await createReturn(h.database.db, second, [
      { orderLineId: second.lineIds[0]!, quantity: 1, reason: 'Damaged' },
    ]);
    await createRefund(h.database.db, second, [
      { orderLineId: second.lineIds[1]!, partnerId: partnerA.id, amountCents: 1000, onPayAmountCents: 750 },
    ]);
    // Products, variants and recipe lines with small ids, so the recipe writes reach their SQL too.
    await createCatalogue(h.database.db, { a: partnerA.id, b: partnerB.id });
  });
  afterAll(async () => h.close());

  it('lists in the OpenAPI document the statuses found missing before (issue 19, point 8)', async () => {
    const doc = (await h.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const statuses = (path: string, method: string) =>
      Object.keys(doc.paths[path]?.[method]?.responses ?? {});
    // A partner's 403 on staff's order action, and staff's on the partner's.
    expect(statuses('/api/orders/{id}/cancel', 'post')).toContain('403');
    expect(statuses('/api/orders/{id}/accept', 'post')).toContain('403');
    expect(statuses('/api/partners/export', 'get')).toContain('200');
    // The old line actions name their line by an id in the body.
    expect(statuses('/api/accept-order-line', 'post')).toContain('404');
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const parser = ['post', 'put', 'patch', 'delete'].includes(method)
          ? ['400', '413', '414', '415', '431']
          : ['400', '414', '431'];
        expect([method, path, Object.keys(op.responses)]).toEqual([
          method,
          path,
          expect.arrayContaining(parser),
        ]);
        // A success: 2xx, or the 302 of a browser navigation (the accounting service's authorisation flow).
        const success = (s: string) => s.startsWith('2') || s === '302';
        expect([method, path, Object.keys(op.responses).some(success)]).toEqual([method, path, true]);
      }
    }
  });

  it(
    'answers no 5xx to any of them, as staff, as a partner, signed out and with an API key',
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
      // The shop (issue 34): no session, an API key in the Authorization header of every request.
      const { key } = await newKey(staff, 'Fuzzed shop');
      const shopClient = h.client('10.8.0.10');
      const withKey: Pick<TestClient, 'request' | 'csrf'> = {
        request: (method, url, payload, headers) =>
          shopClient.request(method, url, payload, { authorization: `Bearer ${key}`, ...headers }),
        csrf: () => shopClient.csrf(),
      };
      const roles: [string, Pick<TestClient, 'request' | 'csrf'> & Partial<TestClient>, string | null][] = [
        ['staff', staff, h.fixtures.staff.email],
        ['partner', partnerA, h.fixtures.userA.email],
        ['signed out', guest, null],
        ['API key', withKey, null],
      ];
      const statuses = new Map<number, number>();
      const failures: string[] = [];
      // Every (method, route, status) observed, to hold against the OpenAPI document afterwards. The route is
      // the one the app's router picks for the path sent (`/api/partners/export` with POST is the partner
      // record `:id` of that name), found by a router holding the same routes; null when none matches.
      const observed = new Map<string, { status: number; example: string }>();
      const operationOf = (method: string, url: string) =>
        doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      const router = FindMyWay();
      for (const r of routes) {
        if (!router.hasRoute(r.method, r.url)) router.on(r.method, r.url, () => undefined, { url: r.url });
      }
      const matched = (method: string, url: string) => {
        try {
          // As the injected request resolves it: `%2e%2e` is a `..` segment to a URL parser.
          const found = router.find(method as HTTPMethod, new URL(url, 'http://localhost').pathname);
          return (found?.store as { url: string } | undefined)?.url ?? null;
        } catch {
          return null; // a path the router cannot read (a malformed percent-encoding)
        }
      };
      let sent = 0;
      for (const [r, route] of routes.entries()) {
        // An event stream answers for as long as its client listens, so an injected request to it never ends;
        // notifications.test.ts reads it over a socket, as each role.
        if (route.url === '/api/notifications/stream') continue;
        for (const [k, [role, client, email]] of roles.entries()) {
          await fc
            .assert(
              fc.asyncProperty(requestPlan(route), async (plan) => {
                const o = toInject(route, plan);
                const res = await client.request(plan.method, o.url, o.payload, o.headers);
                sent += 1;
                statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
                const at = matched(plan.method, o.url) ?? `(unmatched)${route.url}`;
                const key = `${plan.method} ${at} ${String(res.statusCode)}`;
                if (!observed.has(key)) {
                  observed.set(key, {
                    status: res.statusCode,
                    example: `${role}: ${o.url.slice(0, 120)} ${JSON.stringify(o.headers).slice(0, 120)} → ${res.body.slice(0, 120)}`,
                  });
                }
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
              { numRuns: RUNS_PER_ROUTE_AND_ROLE, seed: SEED + r * 4 + k, endOnFailure: true },
            )
            .catch(() => undefined);
          // Signing out (or anything else that ended the session) must not turn the other routes' runs anonymous.
          if (email && (await client.request('GET', '/api/me')).statusCode === 401)
            await client.login!(email);
          if (!email) await client.csrf();
        }
      }
      console.log(
        `fuzz: ${String(routes.length)} routes × ${String(roles.length)} roles, ${String(sent)} requests; statuses ${JSON.stringify(
          Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
        )}`,
      );
      expect(failures).toEqual([]);

      // Every status observed on an operation is one the OpenAPI document lists for it. A request no route
      // matches (another method, a path the router refuses) is held to what an unmatched request answers
      // (route-statuses.ts); a route the document hides (static files, pictures) has no list to hold it against.
      const undeclared: string[] = [];
      for (const [key, { status, example }] of observed) {
        const [method, at] = key.split(' ') as [string, string];
        const url = at.replace('(unmatched)', '');
        const op = at === url ? operationOf(method, url) : undefined;
        // A route the router matched that the document hides.
        if (at === url && !op) continue;
        const declared = op ? Object.keys(op.responses ?? {}) : unmatchedStatusesOf(method, url).map(String);
        if (!declared.includes(String(status))) undeclared.push(`${key} (${example})`);
      }
      expect(undeclared.sort()).toEqual([]);
      // The check has teeth: it saw many kinds of answers on many operations.
      expect(new Set([...observed.values()].map((o) => o.status)).size).toBeGreaterThan(8);
    },
    // A time-out catches a hang, not slowness: four personas on two cores shared with the rest of CI.
    Math.max(300_000, RUNS_PER_ROUTE_AND_ROLE * 10_000),
  );
});
