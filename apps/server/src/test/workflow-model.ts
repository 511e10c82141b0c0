import type {
  LineAction,
  LineActionRule,
  LineStatus,
  OrderAction,
  OrderActionRule,
} from '@bloomline/contract';
import {
  deriveOrderStatus,
  LINE_ACTION_NAMES,
  LINE_ACTIONS,
  lineActionsFor,
  ORDER_ACTION_NAMES,
  ORDER_ACTIONS,
  orderActionsFor,
  orderActionTarget,
} from '@bloomline/contract';

// The model of orders.model.test.ts: an order's lines and what each workflow call must answer and do,
// advanced only with the contract's tables (ORDER_ACTIONS, LINE_ACTIONS, orderActionTarget, ...).

export type Who = 'A' | 'B';
export type Actor = Who | 'staff';
/** A call: an order action (`/api/orders/:id/<action>`) or a line action (LINE_ACTIONS[action].path). */
export type Call =
  { by: Actor; order: OrderAction } | { by: Actor; line: number; action: LineAction; to?: Who };
/**
 * A step: a call drawn as is, or the `pick`-th call the model allows `by` at that point (any allowed call when
 * `by` has none), so that sequences make progress instead of bouncing off 409s.
 */
export type Step = { call: Call } | { pick: number; by: Actor };

export interface ModelLine {
  id: number;
  status: LineStatus;
  partner: Who | null;
  /** status_before_cancel: where "reject cancellation" returns the line. */
  before: LineStatus | null;
}

export interface Prediction {
  code: 200 | 403 | 404 | 409;
  /** The lines after the call (unchanged unless 200). */
  next: ModelLine[];
  /** Ids of the lines the call moves: one history row each. */
  moved: number[];
}

export const PARTNER_ORDER_ACTIONS = ORDER_ACTION_NAMES.filter((a) => ORDER_ACTIONS[a].role === 'partner');

function moveTo(line: ModelLine, to: LineStatus | 'previous', partner: Who | null): ModelLine {
  const status = to === 'previous' ? (line.before ?? 'accepted') : to;
  return { id: line.id, status, partner, before: status === 'cancel-requested' ? line.status : null };
}

/** What the API must answer to `call` on an order whose lines are `lines`, and what it must do. */
export function predict(lines: readonly ModelLine[], call: Call): Prediction {
  const refuse = (code: 403 | 404 | 409): Prediction => ({ code, next: [...lines], moved: [] });
  if ('order' in call) {
    const rule: OrderActionRule = ORDER_ACTIONS[call.order];
    const role = call.by === 'staff' ? 'staff' : 'partner';
    if (rule.role !== role) return refuse(403);
    const mine = lines.filter((l) => role === 'staff' || l.partner === call.by);
    if (mine.length === 0) return refuse(404);
    // The action applies when the status the actor sees (their own lines' status) allows it...
    if (!orderActionsFor(deriveOrderStatus(mine), role).includes(call.order)) return refuse(409);
    // ...and then to every one of their lines it applies to.
    const moved = mine.filter((l) => orderActionTarget(call.order, l.status) !== null).map((l) => l.id);
    if (moved.length === 0) return refuse(409);
    const next = lines.map((l) => {
      if (!moved.includes(l.id)) return l;
      const to = orderActionTarget(call.order, l.status)!;
      return moveTo(l, to, 'clearsPartner' in rule && rule.clearsPartner ? null : l.partner);
    });
    return { code: 200, next, moved };
  }
  if (call.by !== 'staff') return refuse(403);
  const rule: LineActionRule = LINE_ACTIONS[call.action];
  const line = lines[call.line]!;
  if (!lineActionsFor({ status: line.status, hasPartner: line.partner !== null }).includes(call.action)) {
    return refuse(409);
  }
  // Giving an open line to the partner it already has changes nothing: refused.
  if (call.action === 'assign' && line.status === 'open' && line.partner === call.to) return refuse(409);
  const partner =
    call.action === 'assign' ? call.to! : 'clearsPartner' in rule && rule.clearsPartner ? null : line.partner;
  return {
    code: 200,
    next: lines.map((l) => (l.id === line.id ? moveTo(l, rule.to, partner) : l)),
    moved: [line.id],
  };
}

/** Calls someone may make in their role: partner order actions, staff cancel, staff line actions. */
function candidates(n: number): Call[] {
  const calls: Call[] = [];
  for (const by of ['A', 'B'] as const) for (const order of PARTNER_ORDER_ACTIONS) calls.push({ by, order });
  calls.push({ by: 'staff', order: 'cancel' });
  for (let line = 0; line < n; line++) {
    for (const action of LINE_ACTION_NAMES) {
      if (action === 'assign')
        for (const to of ['A', 'B'] as const) calls.push({ by: 'staff', line, action, to });
      else calls.push({ by: 'staff', line, action });
    }
  }
  return calls;
}

export function resolve(step: Step, lines: readonly ModelLine[]): Call {
  if ('call' in step) {
    const call = step.call;
    return 'order' in call ? call : { ...call, line: call.line % lines.length };
  }
  const all = candidates(lines.length);
  const allowed = all.filter((c) => predict(lines, c).code === 200);
  const theirs = allowed.filter((c) => c.by === step.by);
  const from = theirs.length > 0 ? theirs : allowed.length > 0 ? allowed : all;
  return from[step.pick % from.length]!;
}

export const show = (call: Call) =>
  'order' in call
    ? `${call.by}: order ${call.order}`
    : `${call.by}: line#${call.line + 1} ${call.action}${call.action === 'assign' ? ` to ${call.to ?? 'A'}` : ''}`;
export const showLines = (lines: readonly ModelLine[]) =>
  `[${lines.map((l, i) => `#${i + 1} ${l.status}/${l.partner ?? '-'}`).join(', ')}]`;
