import type { LineAction, OrderAction } from '@bloomline/contract';

/** Actions that move work forward are filled; the ones that undo or refuse are plain. */
const FORWARD = new Set<OrderAction | LineAction>([
  'accept',
  'fulfill',
  'deliver',
  'cancel-confirm',
  'cancel-confirmed',
  'cancel-rejected',
]);

export const actionVariant = (action: OrderAction | LineAction) =>
  FORWARD.has(action) ? 'filled' : 'default';
