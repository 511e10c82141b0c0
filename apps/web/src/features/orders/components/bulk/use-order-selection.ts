import { useCallback, useMemo, useState } from 'react';

import type { OrderRef } from '@bloomline/contract';

const NONE: ReadonlyMap<number, string> = new Map();

export type OrderSelection = {
  /** The selected orders: id to order number (the number names a refused order in the result). */
  items: ReadonlyMap<number, string>;
  has: (id: number) => boolean;
  toggle: (order: OrderRef) => void;
  add: (orders: readonly OrderRef[]) => void;
  remove: (ids: readonly number[]) => void;
  clear: () => void;
};

/**
 * The orders ticked on a list. The selection belongs to the list as `listKey` names it (its filters, not its
 * page): paging keeps it, another filter starts afresh.
 */
export function useOrderSelection(listKey: string): OrderSelection {
  const [state, setState] = useState<{ key: string; items: ReadonlyMap<number, string> }>({
    key: listKey,
    items: NONE,
  });
  const items = state.key === listKey ? state.items : NONE;
  const change = useCallback(
    (edit: (next: Map<number, string>) => void) =>
      setState((now) => {
        const next = new Map(now.key === listKey ? now.items : NONE);
        edit(next);
        return { key: listKey, items: next };
      }),
    [listKey],
  );
  return useMemo(
    () => ({
      items,
      has: (id) => items.has(id),
      toggle: (order) =>
        change((next) => {
          if (next.has(order.id)) next.delete(order.id);
          else next.set(order.id, order.name);
        }),
      add: (orders) =>
        change((next) => {
          for (const o of orders) next.set(o.id, o.name);
        }),
      remove: (ids) =>
        change((next) => {
          for (const id of ids) next.delete(id);
        }),
      clear: () => change((next) => next.clear()),
    }),
    [items, change],
  );
}
