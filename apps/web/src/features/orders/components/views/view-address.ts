import { viewQueryText } from '@bloomline/contract';

import { paths } from '@/lib/paths';
import type { OrderListParams } from '@/lib/query-keys';

/**
 * The address of a saved view: the screen of its filter (no filter: the dashboard's list; today: the day's
 * list; any other: /orders/<filter>) with the rest of its filters in the query string. A view is an address,
 * so it can be bookmarked and sent.
 */
export function viewAddress(query: string): string {
  const params = new URLSearchParams(query);
  const filter = params.get('filter');
  params.delete('filter');
  const path = !filter
    ? paths.dashboard
    : filter === 'today'
      ? paths.orders.today
      : paths.orders.list(filter);
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}

/** The list's current filters as a view keeps them (the contract's one way of writing them). */
export const currentViewQuery = (params: OrderListParams) => viewQueryText(params);
