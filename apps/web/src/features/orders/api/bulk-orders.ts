import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import { orderRoutes, type BulkActionBody } from '@bloomline/contract';

import { call } from '@/api/call';
import { orderKeys, type OrderListParams } from '@/lib/query-keys';

/** POST /api/orders/bulk: one action on many orders, answered per order (a 422 is the caller's to show). */
export const postBulkAction = (body: BulkActionBody) => call(orderRoutes.bulk, { body }).then((r) => r.data);

/** After a bulk action, refused or not: every list and count may have moved (someone else's change too). */
export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postBulkAction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** The list's query without its page, as "select all matching" and the export ask for it. */
export const withoutPage = ({ page: _page, per_page: _perPage, ...rest }: OrderListParams) => rest;

/** GET /api/orders/ids: up to 500 of the list's orders (ids and numbers), in the list's order. */
export const getMatchingOrders = (params: OrderListParams) =>
  call(orderRoutes.matchingIds, { query: withoutPage(params) }).then((r) => r.data);

/** GET /api/orders/bulk/partners: partners for a group's unassigned lines, nearest to the farthest point first. */
export const groupCandidatesQuery = (ids: readonly number[], all: boolean, q: string) =>
  queryOptions({
    queryKey: orderKeys.groupCandidates(ids, all, q),
    queryFn: ({ signal }) =>
      call(
        orderRoutes.bulkCandidates,
        { query: { ids: ids.join(','), all: all ? 1 : undefined, q } },
        { signal },
      ).then((r) => r.data),
  });
