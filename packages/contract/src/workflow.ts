import type { LineStatus } from './statuses';

/**
 * The two transition tables of part 1, point 4, as data. The server enforces them and the web draws its
 * buttons from them; nothing else decides what may happen to an order line.
 *
 * `to: 'previous'` returns a line to the status it had before cancellation was requested.
 */
export type Target = LineStatus | 'previous';

export interface OrderActionRule {
  /** Statuses of the partner's lines from which the action applies (to every such line of theirs). */
  from: readonly LineStatus[];
  to: Target;
  /** Who may call it. */
  role: 'partner' | 'staff';
  /** The line loses its partner (un-accept). */
  clearsPartner?: boolean;
  needsReason?: boolean;
  label: string;
  confirm: string;
}

export const ORDER_ACTIONS = {
  accept: {
    from: ['open'],
    to: 'accepted',
    role: 'partner',
    label: 'Accept order',
    confirm: 'You feel confident that you can fulfill the order.',
  },
  reject: {
    from: ['open'],
    to: 'rejected',
    role: 'partner',
    needsReason: true,
    label: 'Reject order',
    confirm: 'Tell us why you cannot take this order.',
  },
  'un-accept': {
    from: ['accepted'],
    to: 'open',
    role: 'partner',
    clearsPartner: true,
    label: 'Un-Accept order',
    confirm: 'Un-accepting the order will remove it from your Order list',
  },
  fulfill: {
    from: ['accepted'],
    to: 'fulfilled',
    role: 'partner',
    label: 'Fulfill order',
    confirm: 'The order is made and ready to go out for delivery.',
  },
  deliver: {
    from: ['fulfilled'],
    to: 'delivered',
    role: 'partner',
    label: 'Deliver order',
    confirm: 'The order is delivered. well done.',
  },
  'cancel-confirm': {
    from: ['cancel-requested'],
    to: 'cancel-confirmed',
    role: 'partner',
    label: 'Accept cancellation',
    confirm: 'The customer/admin has requested that we cancel the order',
  },
  'cancel-reject': {
    from: ['cancel-requested'],
    to: 'previous',
    role: 'partner',
    label: 'Reject cancellation',
    confirm: "Please only use this feature if you've already fulfilled or created the product",
  },
  /**
   * Staff ask for an order to be cancelled: lines a partner has taken on (accepted, fulfilled) wait for the
   * partner's answer as cancel-requested; lines nobody is working on yet are cancelled at once.
   */
  cancel: {
    from: ['open', 'accepted', 'fulfilled', 'rejected', 'hold'],
    to: 'cancel-requested',
    role: 'staff',
    label: 'Cancel order',
    confirm: 'You need to cancel the item.',
  },
} as const satisfies Record<string, OrderActionRule>;

export type OrderAction = keyof typeof ORDER_ACTIONS;
export const ORDER_ACTION_NAMES = Object.keys(ORDER_ACTIONS) as OrderAction[];

/** Statuses that `cancel` ends at once instead of asking the partner. */
export const CANCEL_AT_ONCE: readonly LineStatus[] = ['open', 'rejected', 'hold'];

export interface LineActionRule {
  from: readonly LineStatus[];
  to: Target;
  /** The line must have a partner (or must not, for assign). */
  partner: 'required' | 'none' | 'any';
  clearsPartner?: boolean;
  needsReason?: boolean;
  /** Reassign: a new partner is chosen. */
  needsPartner?: boolean;
  label: string;
  confirm: string;
  /** The call behind it: POST to this path, `{id}` standing for the line id where it travels in the path. */
  method: 'POST';
  route: string;
  /** Whether the line id travels in the body as `id` (the older endpoints) instead of the path. */
  idInBody: boolean;
}

/** Line-level actions: staff, on behalf of partners. */
export const LINE_ACTIONS = {
  accept: {
    from: ['open'],
    to: 'accepted',
    partner: 'required',
    label: 'Accept',
    confirm: 'You feel confident that you can fulfill the order.',
    method: 'POST',
    route: '/api/accept-order-line',
    idInBody: true,
  },
  reject: {
    from: ['open'],
    to: 'rejected',
    partner: 'required',
    needsReason: true,
    label: 'Reject',
    confirm: 'Tell us why the partner cannot take this item.',
    method: 'POST',
    route: '/api/reject-order-line',
    idInBody: true,
  },
  unaccept: {
    from: ['accepted'],
    to: 'open',
    partner: 'required',
    clearsPartner: true,
    label: 'Cancel',
    confirm: 'You need to cancel the item.',
    method: 'POST',
    route: '/api/unaccept-order-line',
    idInBody: true,
  },
  fulfill: {
    from: ['accepted'],
    to: 'fulfilled',
    partner: 'required',
    label: 'Fulfill',
    confirm: 'The item is made and ready to go out for delivery.',
    method: 'POST',
    route: '/api/fulfill-order-line',
    idInBody: true,
  },
  deliver: {
    from: ['fulfilled'],
    to: 'delivered',
    partner: 'required',
    label: 'Deliver',
    confirm: 'The order is delivered. well done.',
    method: 'POST',
    route: '/api/deliver-order-line',
    idInBody: true,
  },
  'cancel-confirmed': {
    from: ['cancel-requested'],
    to: 'cancel-confirmed',
    partner: 'any',
    label: 'Accept cancellation',
    confirm: 'The customer/admin has requested that we cancel the order',
    method: 'POST',
    route: '/api/order-lines/{id}/cancel-confirmed',
    idInBody: false,
  },
  cancel: {
    from: ['cancel-requested'],
    to: 'previous',
    partner: 'any',
    label: 'Reject cancellation',
    confirm: "Please only use this feature if you've already fulfilled or created the product",
    method: 'POST',
    route: '/api/order-lines/{id}/cancel',
    idInBody: false,
  },
  'cancel-rejected': {
    from: ['rejected'],
    to: 'cancel-confirmed',
    partner: 'any',
    label: 'Confirm cancellation',
    confirm: 'This item cannot be fulfilled. Cancel it?',
    method: 'POST',
    route: '/api/order-lines/{id}/cancel-rejected',
    idInBody: false,
  },
  assign: {
    from: ['open', 'rejected'],
    to: 'open',
    partner: 'any',
    needsPartner: true,
    label: 'Assign',
    confirm: 'Choose the partner who will make this item. They are told by e-mail.',
    method: 'POST',
    route: '/api/reassign-order-line/{id}',
    idInBody: false,
  },
} as const satisfies Record<string, LineActionRule>;

export type LineAction = keyof typeof LINE_ACTIONS;
export const LINE_ACTION_NAMES = Object.keys(LINE_ACTIONS) as LineAction[];

/** The address a line action is sent to, for one line. */
export const lineActionPath = (action: LineAction, lineId: number): string =>
  LINE_ACTIONS[action].route.replace('{id}', String(lineId));

/** Statuses in which a line shows only a text and no action. */
export const LINE_STATUS_TEXT: Partial<Record<LineStatus, string>> = {
  hold: 'This item is currently on hold',
  return: 'This item has been returned',
  'cancel-confirmed': 'This item has been cancelled',
};
export const ORDER_ON_HOLD_TEXT = 'This order is on hold';
export const ORDER_DELIVERED_TEXT = 'Thank you! This order has been delivered.';
export const RETURN_REFUND_NOTICE = 'A return/refund has been requested or processed for this item';
export const FULFIL_HELP = 'If there is any issue fulfilling the order, please contact us.';
export const DELIVER_HELP = 'If there is any issue delivering the order, please contact us.';

/** Order actions a partner may take when their lines of the order are in `status`. */
export function orderActionsFor(status: LineStatus, role: 'partner' | 'staff'): OrderAction[] {
  return ORDER_ACTION_NAMES.filter((a) => {
    const rule: OrderActionRule = ORDER_ACTIONS[a];
    return rule.role === role && rule.from.includes(status);
  });
}

/** Line actions staff may take on a line with this status and partner. Delivered lines have none. */
export function lineActionsFor(line: { status: LineStatus; hasPartner: boolean }): LineAction[] {
  if (line.status === 'delivered') return [];
  return LINE_ACTION_NAMES.filter((a) => {
    const rule: LineActionRule = LINE_ACTIONS[a];
    if (!rule.from.includes(line.status)) return false;
    if (rule.partner === 'required' && !line.hasPartner) return false;
    if (rule.partner === 'none' && line.hasPartner) return false;
    return true;
  });
}

/** Where one line goes under an order action; null when the action does not apply to it. */
export function orderActionTarget(action: OrderAction, status: LineStatus): Target | null {
  const rule: OrderActionRule = ORDER_ACTIONS[action];
  if (!rule.from.includes(status)) return null;
  if (action === 'cancel' && CANCEL_AT_ONCE.includes(status)) return 'cancel-confirmed';
  return rule.to;
}

/** What staff's "Cancel order" does to one line: the confirmation says it line by line (issue 34). */
export type CancelOutcome = 'cancelled' | 'asks-partner' | 'unchanged';
export function cancelOutcome(status: LineStatus): CancelOutcome {
  const to = orderActionTarget('cancel', status);
  if (to === null) return 'unchanged';
  return to === 'cancel-confirmed' ? 'cancelled' : 'asks-partner';
}
