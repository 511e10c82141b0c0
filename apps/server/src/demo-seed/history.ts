import { DEFAULT_REJECT_REASONS, STATUS_ID } from '@bloomline/contract';
import type { LineStatus } from '@bloomline/contract';

import type { Batch, Ids, World } from './context';
import { addMinutes, atMinutes, maxDate, minDate } from './dates';
import type { Partner } from './partners';
import type { Rng } from './random';

type StepKind =
  | 'accept'
  | 'reject'
  | 'fulfil'
  | 'deliver'
  | 'unaccept'
  | 'cancel-request'
  | 'cancel-confirm'
  | 'hold'
  | 'return'
  | 'refund';

/** One change of a line's status, as the history and the audit log record it. */
export interface Step {
  kind: StepKind;
  /** The status the line has after the step. */
  status: LineStatus;
  at: Date;
  reason?: string;
  by: 'partner' | 'staff';
}

const STATUS_AFTER: Record<StepKind, LineStatus> = {
  accept: 'accepted',
  reject: 'rejected',
  fulfil: 'fulfilled',
  deliver: 'delivered',
  unaccept: 'open',
  'cancel-request': 'cancel-requested',
  'cancel-confirm': 'cancel-confirmed',
  hold: 'hold',
  return: 'return',
  refund: 'refund',
};
const BY_PARTNER = new Set<StepKind>(['accept', 'reject', 'fulfil', 'deliver', 'unaccept']);
const OTHER_REASONS = [
  'Florist closed for stocktake',
  'Recipient address outside our area',
  'Vehicle broke down',
];

/** The steps that led a line to `status`, with believable times that never pass `now`. */
export function linePath(
  rng: Rng,
  status: LineStatus,
  o: { createdAt: Date; deliveryDate: string | null; now: Date; viaReturn: boolean; unaccepted: boolean },
): Step[] {
  const kinds: StepKind[] = [];
  switch (status) {
    case 'open':
      if (o.unaccepted) kinds.push('accept', 'unaccept');
      break;
    case 'accepted':
      kinds.push('accept');
      break;
    case 'fulfilled':
      kinds.push('accept', 'fulfil');
      break;
    case 'delivered':
      kinds.push('accept', 'fulfil', 'deliver');
      break;
    case 'rejected':
      kinds.push('reject');
      break;
    case 'cancel-requested':
      kinds.push('accept', 'cancel-request');
      break;
    case 'cancel-confirmed':
      kinds.push(
        ...(rng.chance(0.5)
          ? (['reject', 'cancel-confirm'] as const)
          : (['accept', 'cancel-request', 'cancel-confirm'] as const)),
      );
      break;
    case 'hold':
      if (rng.chance(0.5)) kinds.push('accept');
      kinds.push('hold');
      break;
    case 'return':
      kinds.push('accept', 'fulfil', 'deliver', 'return');
      break;
    case 'refund':
      kinds.push('accept', 'fulfil', 'deliver', ...(o.viaReturn ? (['return'] as const) : []), 'refund');
      break;
  }
  const steps: Step[] = [];
  let previous = o.createdAt;
  for (const kind of kinds) {
    let wanted: Date;
    if (kind === 'fulfil' && o.deliveryDate) wanted = atMinutes(o.deliveryDate, 8 * 60 + rng.int(0, 210));
    else if (kind === 'deliver') wanted = addMinutes(previous, rng.int(30, 240));
    else if (kind === 'return' || kind === 'refund') wanted = addMinutes(previous, rng.int(600, 4000));
    else if (kind === 'accept') wanted = addMinutes(previous, rng.int(10, 300));
    else wanted = addMinutes(previous, rng.int(30, 900));
    const at = minDate(o.now, maxDate(wanted, addMinutes(previous, 1)));
    const step: Step = {
      kind,
      status: STATUS_AFTER[kind],
      at,
      by: BY_PARTNER.has(kind) ? 'partner' : 'staff',
    };
    // Accepting a requested cancellation is the partner's call; confirming a rejected line is staff's.
    if (kind === 'cancel-confirm' && kinds.includes('cancel-request')) step.by = 'partner';
    if (kind === 'reject')
      step.reason = rng.chance(0.9) ? rng.pick(DEFAULT_REJECT_REASONS) : rng.pick(OTHER_REASONS);
    steps.push(step);
    previous = at;
  }
  return steps;
}

export interface HistoryLine {
  id: number;
  title: string;
  /** Who did the partner steps: the line's partner, or the one who un-accepted it. */
  actor: Partner | null;
  steps: Step[];
}

/** The order's history entries and, for a sample of orders, the matching audit entries. */
export function writeHistory(
  world: World,
  rng: Rng,
  batch: Batch,
  ids: Ids,
  order: { id: number; name: string; createdAt: Date },
  lines: readonly HistoryLine[],
  withAudit: boolean,
): void {
  const staff = world.people.staffIds;
  batch.history.push({
    id: ids.history.next(),
    orderId: order.id,
    message: `Order ${order.name} placed`,
    status: STATUS_ID.open,
    createdAt: order.createdAt,
  });
  if (withAudit) {
    batch.audit.push({
      event: 'created',
      message: `Order ${order.name} created`,
      propertyType: 'order',
      propertyId: order.id,
      newValues: { name: order.name },
      createdAt: order.createdAt,
    });
  }
  for (const line of lines) {
    const partnerName = line.actor?.name ?? 'Unassigned';
    if (line.actor) {
      batch.history.push({
        id: ids.history.next(),
        orderId: order.id,
        orderLineId: line.id,
        message: `${line.title} assigned to ${partnerName}`,
        status: STATUS_ID.open,
        createdAt: addMinutes(order.createdAt, 1),
      });
    }
    let before: LineStatus = 'open';
    for (const step of line.steps) {
      const userId =
        step.by === 'partner'
          ? line.actor
            ? (world.people.userOfPartner.get(line.actor.id) ?? null)
            : null
          : rng.pick(staff);
      batch.history.push({
        id: ids.history.next(),
        orderId: order.id,
        orderLineId: line.id,
        userId,
        message: message(step.kind, line.title, partnerName),
        status: STATUS_ID[step.status],
        reason: step.reason ?? null,
        createdAt: step.at,
      });
      if (withAudit) {
        const unaccept = step.kind === 'unaccept';
        batch.audit.push({
          userId,
          event: 'updated',
          message: `Order line ${String(line.id)} of ${order.name}: ${before} → ${step.status}`,
          propertyType: 'order line',
          propertyId: line.id,
          oldValues: unaccept ? { status: before, partner_id: line.actor?.id ?? null } : { status: before },
          newValues: unaccept ? { status: step.status, partner_id: null } : { status: step.status },
          createdAt: step.at,
        });
      }
      before = step.status;
    }
  }
}

function message(kind: StepKind, title: string, partner: string): string {
  switch (kind) {
    case 'accept':
      return `${partner} accepted ${title}`;
    case 'reject':
      return `${partner} rejected ${title}`;
    case 'fulfil':
      return `${title} fulfilled by ${partner} and out for delivery`;
    case 'deliver':
      return `${title} delivered by ${partner}`;
    case 'unaccept':
      return `${partner} un-accepted ${title}; it is unassigned again`;
    case 'cancel-request':
      return `Cancellation requested for ${title}`;
    case 'cancel-confirm':
      return `Cancellation of ${title} confirmed`;
    case 'hold':
      return `${title} put on hold`;
    case 'return':
      return `Return requested for ${title}`;
    case 'refund':
      return `Refund requested for ${title}`;
  }
}
