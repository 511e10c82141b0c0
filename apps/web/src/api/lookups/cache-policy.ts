/**
 * How long a shared lookup (the partners, profit centres and components the pickers offer) is kept before it
 * is asked for again. Long, because every change made in this app invalidates the lookups it touches
 * (`invalidateResources`), so only another person's edit can be this old.
 */
export const LOOKUP_CACHE = { staleTime: 5 * 60_000 } as const;
