import { describe, expect, it } from 'vitest';

import { deriveOrderStatus, ORDER_STATUS_PRECEDENCE } from './order-status';
import { LINE_STATUSES } from './statuses';
import { lineActionsFor, orderActionsFor, orderActionTarget } from './workflow';

describe('order-level workflow (partners)', () => {
  it('offers the actions of part 1 for each status', () => {
    expect(orderActionsFor('open', 'partner')).toEqual(['accept', 'reject']);
    expect(orderActionsFor('accepted', 'partner')).toEqual(['un-accept', 'fulfill']);
    expect(orderActionsFor('fulfilled', 'partner')).toEqual(['deliver']);
    expect(orderActionsFor('cancel-requested', 'partner')).toEqual(['cancel-confirm', 'cancel-reject']);
    for (const s of ['hold', 'delivered', 'rejected', 'cancel-confirmed', 'return', 'refund'] as const) {
      expect(orderActionsFor(s, 'partner')).toEqual([]);
    }
  });
  it('cancels lines nobody has started at once and asks the partner about the others', () => {
    expect(orderActionTarget('cancel', 'open')).toBe('cancel-confirmed');
    expect(orderActionTarget('cancel', 'accepted')).toBe('cancel-requested');
    expect(orderActionTarget('cancel', 'delivered')).toBeNull();
  });
});

describe('line-level workflow (staff)', () => {
  it('matches the table of part 1, point 4', () => {
    expect(lineActionsFor({ status: 'open', hasPartner: true })).toEqual(['accept', 'reject', 'assign']);
    expect(lineActionsFor({ status: 'open', hasPartner: false })).toEqual(['assign']);
    expect(lineActionsFor({ status: 'accepted', hasPartner: true })).toEqual(['unaccept', 'fulfill']);
    expect(lineActionsFor({ status: 'fulfilled', hasPartner: true })).toEqual(['deliver']);
    expect(lineActionsFor({ status: 'cancel-requested', hasPartner: true })).toEqual([
      'cancel-confirmed',
      'cancel',
    ]);
    expect(lineActionsFor({ status: 'rejected', hasPartner: true })).toEqual(['cancel-rejected', 'assign']);
    for (const s of ['delivered', 'hold', 'return', 'cancel-confirmed'] as const) {
      expect(lineActionsFor({ status: s, hasPartner: true })).toEqual([]);
    }
  });
});

describe('order status derived from lines', () => {
  it('follows DECISIONS.md', () => {
    expect(deriveOrderStatus([{ status: 'accepted' }, { status: 'hold' }])).toBe('hold');
    expect(deriveOrderStatus([{ status: 'delivered' }, { status: 'cancel-requested' }])).toBe(
      'cancel-requested',
    );
    expect(deriveOrderStatus([{ status: 'delivered' }, { status: 'accepted' }, { status: 'rejected' }])).toBe(
      'accepted',
    );
    expect(deriveOrderStatus([{ status: 'cancel-confirmed' }, { status: 'cancel-confirmed' }])).toBe(
      'cancel-confirmed',
    );
    expect(deriveOrderStatus([{ status: 'rejected' }, { status: 'cancel-confirmed' }])).toBe('rejected');
    expect(deriveOrderStatus([{ status: 'delivered' }, { status: 'return' }])).toBe('delivered');
    expect(deriveOrderStatus([{ status: 'return' }])).toBe('return');
    expect(deriveOrderStatus([{ status: 'refund' }, { status: 'return' }])).toBe('return');
    expect(deriveOrderStatus([{ status: 'cancel-confirmed' }, { status: 'refund' }])).toBe('refund');
    expect(deriveOrderStatus([{ status: 'fulfilled' }, { status: 'open' }, { status: 'hold' }])).toBe('hold');
    expect(deriveOrderStatus([{ status: 'delivered' }, { status: 'fulfilled' }])).toBe('fulfilled');
    expect(deriveOrderStatus([])).toBe('open');
  });

  it('ranks every line status exactly once', () => {
    expect([...ORDER_STATUS_PRECEDENCE].sort()).toEqual(LINE_STATUSES.map((s) => s.name).sort());
  });
});
