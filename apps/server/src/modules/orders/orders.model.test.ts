import { and, asc, count, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LineActionRule, LineStatus, OrderDetail } from '@bloomline/contract';
import {
  deriveOrderStatus,
  isUnassigned,
  LINE_ACTION_NAMES,
  LINE_ACTIONS,
  LINE_STATUSES,
  lineActionPath,
  STATUS_ID,
} from '@bloomline/contract';

import { auditEntries, orderHistory, orderLines, orders } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { createOrder } from '../../test/orders-fixtures';
import { PARTNER_ORDER_ACTIONS, predict, resolve, show, showLines } from '../../test/workflow-model';
import type { Actor, Call, ModelLine, Step, Who } from '../../test/workflow-model';

// Model-based test of the order workflow. fast-check draws an order (1–3 lines, each with partner A, B or
// none, in any status) and a sequence of workflow calls; every call goes through the real API, and after
// every step the database and what staff, partner A and partner B see are compared with the model of
// test/workflow-model.ts, which is advanced only with the contract's tables.
//
// FC_RUNS=500 runs more cases (the default of 40 keeps the file well under a minute on two cores); a failure
// prints fast-check's seed and path, which FC_SEED=… FC_PATH=… replay.

const REASON = 'Out of proteas today';
const STATUSES = LINE_STATUSES.map((s) => s.name);
const RUNS = Number(process.env.FC_RUNS ?? 40);
/** fast-check stops running (or shrinking a failure) after this long; the test itself gets 20 s more. */
const TIME_LIMIT = RUNS > 40 ? 3_600_000 : 40_000;
const REPLAY = process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH } : {};

let h: Harness;
let clients: Record<Actor, TestClient>;
let partnerIds: Record<Who, number>;

beforeAll(async () => {
  h = await createHarness();
  const signedIn = await h.signedIn('10.7.0');
  clients = { staff: signedIn.staff, A: signedIn.partnerA, B: signedIn.partnerB };
  partnerIds = { A: h.fixtures.partnerA.id, B: h.fixtures.partnerB.id };
});
afterAll(async () => h.close());

const idOf = (who: Who | null) => (who === null ? null : partnerIds[who]);

// ---- the real thing --------------------------------------------------------------------------------------

async function send(orderId: number, lines: readonly ModelLine[], call: Call) {
  const client = clients[call.by];
  if ('order' in call) {
    return client.post(
      `/api/orders/${String(orderId)}/${call.order}`,
      call.order === 'reject' ? { reason: REASON } : undefined,
    );
  }
  const rule: LineActionRule = LINE_ACTIONS[call.action];
  const lineId = lines[call.line]!.id;
  return client.post(lineActionPath(call.action, lineId), {
    ...(rule.idInBody ? { id: lineId } : {}),
    ...(call.action === 'reject' ? { reason: REASON } : {}),
    ...(call.action === 'assign' ? { partner_id: partnerIds[call.to ?? 'A'] } : {}),
  });
}

/** Everything a call may change: the order row, its lines, its history and the lines' audit entries. */
async function snapshot(orderId: number, lineIds: number[]) {
  const db = h.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  const history = await db
    .select()
    .from(orderHistory)
    .where(eq(orderHistory.orderId, orderId))
    .orderBy(asc(orderHistory.id));
  const [audits] = await db
    .select({ n: count() })
    .from(auditEntries)
    .where(and(eq(auditEntries.propertyType, 'order line'), inArray(auditEntries.propertyId, lineIds)));
  return { order: order!, lines, history, audits: audits!.n };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/**
 * Checks (1), (2) and (3) against the database and, with `views`, (1) and (5) against what staff and each
 * partner are shown by GET /api/orders/:id.
 */
async function verify(
  orderId: number,
  model: readonly ModelLine[],
  snap: Snapshot,
  why: (what: string) => string,
  views: boolean,
) {
  // (3) The model matches the database, line by line.
  expect(
    snap.lines.map((l) => ({
      id: l.id,
      status: l.status,
      partnerId: l.partnerId,
      before: l.statusBeforeCancel,
    })),
    why('lines in the database vs the model'),
  ).toEqual(model.map((l) => ({ id: l.id, status: l.status, partnerId: idOf(l.partner), before: l.before })));
  const dbLines = snap.lines.map((l) => ({ status: l.status as LineStatus, partnerId: l.partnerId }));
  const derived = deriveOrderStatus(dbLines);
  // (1) The stored status and the one staff are shown are derived from the lines.
  expect(snap.order.status, why('orders.status vs deriveOrderStatus(lines)')).toBe(derived);
  // (2) has_unassigned.
  expect(snap.order.hasUnassigned, why('orders.has_unassigned vs lines.some(isUnassigned)')).toBe(
    dbLines.some(isUnassigned),
  );
  if (!views) return;
  const url = `/api/orders/${String(orderId)}`;
  const [asStaff, asA, asB] = await Promise.all([
    clients.staff.get(url),
    clients.A.get(url),
    clients.B.get(url),
  ]);
  expect(asStaff.statusCode, why('GET as staff')).toBe(200);
  const staffView = asStaff.json<{ data: OrderDetail }>().data;
  expect(staffView.status, why('status staff see vs deriveOrderStatus(lines)')).toBe(derived);
  expect(
    staffView.lines.map((l) => ({ id: l.id, status: l.status, partnerId: l.partner?.id ?? null })),
    why('lines staff see'),
  ).toEqual(snap.lines.map((l) => ({ id: l.id, status: l.status, partnerId: l.partnerId })));
  // (5) Each partner sees their own lines and nothing else; no line, no order.
  for (const [who, res] of [
    ['A', asA],
    ['B', asB],
  ] as const) {
    const mine = model.filter((l) => l.partner === who);
    if (mine.length === 0) {
      expect(res.statusCode, why(`GET as partner ${who}, who has no line`)).toBe(404);
      continue;
    }
    expect(res.statusCode, why(`GET as partner ${who}`)).toBe(200);
    const view = res.json<{ data: OrderDetail }>().data;
    expect(
      view.lines.map((l) => ({ id: l.id, status: l.status, partnerId: l.partner?.id ?? null })),
      why(`lines partner ${who} sees`),
    ).toEqual(mine.map((l) => ({ id: l.id, status: l.status, partnerId: partnerIds[who] })));
    expect(view.status, why(`status partner ${who} sees`)).toBe(deriveOrderStatus(mine));
  }
}

// ---- the property ----------------------------------------------------------------------------------------

const whoArb = fc.constantFrom<Who>('A', 'B');
const lineIndexArb = fc.nat({ max: 2 });
const callArb: fc.Arbitrary<Call> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ by: whoArb, order: fc.constantFrom(...PARTNER_ORDER_ACTIONS) }) },
  { weight: 1, arbitrary: fc.constant<Call>({ by: 'staff', order: 'cancel' }) },
  {
    weight: 4,
    arbitrary: fc.record({
      by: fc.constant<Actor>('staff'),
      line: lineIndexArb,
      action: fc.constantFrom(...LINE_ACTION_NAMES.filter((a) => a !== 'assign')),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      by: fc.constant<Actor>('staff'),
      line: lineIndexArb,
      action: fc.constant('assign'),
      to: whoArb,
    }),
  },
  // The wrong role: partners cancelling or using line actions, staff using partner order actions.
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.record({ by: whoArb, order: fc.constant('cancel') }),
      fc.record({ by: fc.constant<Actor>('staff'), order: fc.constantFrom(...PARTNER_ORDER_ACTIONS) }),
      fc.record({
        by: whoArb,
        line: lineIndexArb,
        action: fc.constantFrom(...LINE_ACTION_NAMES),
        to: whoArb,
      }),
    ),
  },
);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ pick: fc.nat({ max: 99 }), by: fc.constantFrom<Actor>('A', 'B', 'staff') }),
  },
  { weight: 2, arbitrary: callArb.map((call) => ({ call })) },
);
// Any status may start a line, the ones the workflow moves through more often than the rest.
const statusArb = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom<LineStatus>('open', 'accepted', 'fulfilled', 'cancel-requested', 'rejected'),
  },
  { weight: 1, arbitrary: fc.constantFrom(...STATUSES) },
);
const orderArb = fc.array(
  fc.record({ partner: fc.constantFrom<Who | null>('A', 'B', null), status: statusArb }),
  { minLength: 1, maxLength: 3 },
);

describe('the order workflow against a model', () => {
  it(
    'keeps every line, the order status, visibility and history in step with the contract',
    async () => {
      const details = await fc.check(
        fc.asyncProperty(
          orderArb,
          fc.array(stepArb, { minLength: 1, maxLength: 12 }),
          async (spec, steps) => {
            const made = await createOrder(
              h.database.db,
              spec.map((l) => ({ partnerId: idOf(l.partner), status: l.status })),
            );
            let model: ModelLine[] = spec.map((l, i) => ({
              id: made.lineIds[i]!,
              status: l.status,
              partner: l.partner,
              before: l.status === 'cancel-requested' ? 'accepted' : null,
            }));
            const log = [`order ${made.name} ${showLines(model)}`];
            const why = (what: string) => `${what}\n  after: ${log.join('\n      → ')}`;

            let snap = await snapshot(made.id, made.lineIds);
            await verify(made.id, model, snap, why, true);

            for (const step of steps) {
              const call = resolve(step, model);
              const expected = predict(model, call);
              const res = await send(made.id, model, call);
              log.push(
                `${show(call)}: ${String(res.statusCode)} (model ${String(expected.code)}) ${showLines(expected.next)}`,
              );
              expect(res.statusCode, why(`answer to ${show(call)}: ${res.body}`)).toBe(expected.code);

              const before = snap;
              snap = await snapshot(made.id, made.lineIds);
              if (expected.code !== 200) {
                // (4) A refused call changes nothing.
                expect(snap, why(`a refused ${show(call)} changed something`)).toEqual(before);
              } else {
                // (6) One history row (and one audit entry) per line moved, with its new status.
                const added = snap.history.slice(before.history.length);
                expect(snap.history.slice(0, before.history.length), why('history rows rewritten')).toEqual(
                  before.history,
                );
                expect(
                  added
                    .map((r) => ({ line: r.orderLineId, status: r.status }))
                    .sort((x, y) => x.line! - y.line!),
                  why(`history rows written by ${show(call)}`),
                ).toEqual(
                  expected.next
                    .filter((l) => expected.moved.includes(l.id))
                    .map((l) => ({ line: l.id, status: STATUS_ID[l.status] })),
                );
                const rejecting = ('order' in call ? call.order : call.action) === 'reject';
                for (const r of added)
                  expect(r.reason, why('history reason')).toBe(rejecting ? REASON : null);
                expect(snap.audits - before.audits, why(`audit entries written by ${show(call)}`)).toBe(
                  expected.moved.length,
                );
                // The answer tells the caller where things stand from where they look.
                const data = res.json<{ data: { id: number; status: string } }>().data;
                if ('order' in call) {
                  const mine = expected.next.filter((l) => call.by === 'staff' || l.partner === call.by);
                  expect(data.id, why('answer id')).toBe(made.id);
                  // (A partner who un-accepted their last line is answered the whole order's status: not checked.)
                  if (mine.length > 0)
                    expect(data.status, why('answer status')).toBe(deriveOrderStatus(mine));
                } else {
                  const line = expected.next[call.line]!;
                  expect(data, why('answer')).toEqual({ id: line.id, status: line.status });
                }
                model = expected.next;
              }
              // After a refused call the snapshot above proved that nothing the views are built from changed,
              // so the views checked after the previous step still hold: only the database checks run again.
              await verify(made.id, model, snap, why, expected.code === 200);
            }
          },
        ),
        // Runs and shrinking stop after TIME_LIMIT: a failure is then reported as far as it was shrunk.
        { numRuns: RUNS, plugins: [fc.interruptAfterTimeLimit(TIME_LIMIT)], ...REPLAY },
      );
      if (details.failed) {
        // fast-check's report (seed, path, counterexample), caused by the failed assertion with its step list.
        throw new Error(await fc.asyncDefaultReportMessage(details), { cause: details.errorInstance });
      }
      if (details.interrupted)
        console.warn(`orders.model: stopped after ${String(details.numRuns)} of ${String(RUNS)} runs`);
    },
    TIME_LIMIT + 20_000,
  );
});
