import { useLocation } from 'react-router';

import type { Breadcrumb } from './page-title';

/** What a link carries in its history state so the screen it opens names where it came from. */
export type CameFrom = { from: Required<Breadcrumb> };

/** A link's `state`: the screen it is on, for the breadcrumb of the screen it opens (issue 36). */
export const cameFrom = (label: string, to: string): CameFrom => ({ from: { label, to } });

const isCameFrom = (state: unknown): state is CameFrom => {
  const from = (state as { from?: unknown } | null)?.from as { label?: unknown; to?: unknown } | undefined;
  return typeof from?.label === 'string' && typeof from.to === 'string' && from.to.startsWith('/');
};

/**
 * The breadcrumb before a screen reached from several places: the one its link named (kept in the history entry,
 * so reload and Back keep it), else `fallback` (an address typed or shared).
 */
export function useCameFrom(fallback: Required<Breadcrumb>): Required<Breadcrumb> {
  const state: unknown = useLocation().state;
  return isCameFrom(state) ? state.from : fallback;
}
