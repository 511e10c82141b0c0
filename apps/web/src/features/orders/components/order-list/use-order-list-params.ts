import { useMemo } from 'react';

import { orderListQuery, type OrderFilter } from '@bloomline/contract';

import { useListParams } from '@/ui';
import type { OrderListParams } from '@/lib/query-keys';

import { isLineStatusFilter } from './list-options';

/** The parts of a list's state that live in the query string, so reload and Back keep them. */
export const LIST_URL_KEYS = ['page', 'q', 'sd', 'ed', 's', 'd', 'p', 'pc', 'status', 'filter'] as const;
export type ListUrlKey = (typeof LIST_URL_KEYS)[number];
export type ListPatch = Partial<Record<ListUrlKey, string | number | null | undefined>>;

export type OrderListSetup = {
  /** The page decides the list (an /orders/:status list, a delivery tab); the Filter dialog narrows it further. */
  fixedFilter?: OrderFilter;
  /** Dates used while the URL names none (the delivery screen starts at today). */
  defaultDates?: { sd: string; ed: string };
};

export type OrderListState = {
  params: OrderListParams;
  /** Changes the given parts; any change but paging goes back to page 1. */
  update: (patch: ListPatch) => void;
};

/** The list kit's address-bar state (`useListParams`), with the page's fixed filter and default dates. */
export function useOrderListParams({ fixedFilter, defaultDates }: OrderListSetup = {}): OrderListState {
  // The contract's own schema reads the URL: bad values fall back to the defaults instead of failing.
  const { params: parsed, update } = useListParams(orderListQuery);

  const params = useMemo(
    (): OrderListParams => ({
      ...parsed,
      // The list's own filter is the page's; the Filter dialog's line status lives in the address (issue 36).
      filter: fixedFilter,
      status: isLineStatusFilter(parsed.status) ? parsed.status : undefined,
      sd: parsed.sd ?? defaultDates?.sd,
      ed: parsed.ed ?? defaultDates?.ed,
    }),
    [parsed, fixedFilter, defaultDates?.sd, defaultDates?.ed],
  );

  return { params, update };
}
