import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

import { orderListQuery, type OrderFilter } from '@bloomline/contract';

import type { OrderListParams } from '../../api/order-keys';
import { isLineStatusFilter } from './list-options';

/** The parts of a list's state that live in the query string, so reload and Back keep them. */
export const LIST_URL_KEYS = ['page', 'q', 'sd', 'ed', 's', 'd', 'p', 'filter'] as const;
export type ListUrlKey = (typeof LIST_URL_KEYS)[number];
export type ListPatch = Partial<Record<ListUrlKey, string | number | null | undefined>>;

export type OrderListSetup = {
  /** The page decides the filter (an /orders/:status list, a delivery tab); the Filter dialog is not offered. */
  fixedFilter?: OrderFilter;
  /** Dates used while the URL names none (the delivery screen starts at today). */
  defaultDates?: { sd: string; ed: string };
};

export type OrderListState = {
  params: OrderListParams;
  /** Changes the given parts; any change but paging goes back to page 1. */
  update: (patch: ListPatch) => void;
};

export function useOrderListParams({ fixedFilter, defaultDates }: OrderListSetup = {}): OrderListState {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();

  const params = useMemo((): OrderListParams => {
    const url = new URLSearchParams(query);
    const raw = Object.fromEntries(LIST_URL_KEYS.map((k) => [k, url.get(k) ?? undefined]));
    // The contract's own schema reads the URL: bad values fall back to the defaults instead of failing.
    const parsed = orderListQuery.parse(raw);
    return {
      ...parsed,
      filter: fixedFilter ?? (isLineStatusFilter(parsed.filter) ? parsed.filter : undefined),
      sd: parsed.sd ?? defaultDates?.sd,
      ed: parsed.ed ?? defaultDates?.ed,
    };
  }, [query, fixedFilter, defaultDates?.sd, defaultDates?.ed]);

  const update = useCallback(
    (patch: ListPatch) => {
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined || value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in patch)) next.delete('page');
        return next;
      });
    },
    [setSearchParams],
  );

  return { params, update };
}
