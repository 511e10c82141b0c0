/**
 * How long a shared lookup (the partners, profit centres and components the pickers offer) is kept before it
 * is asked for again. Every change made in this tab invalidates the lookups it touches (`invalidateResources`),
 * so this bounds only how old a colleague's edit can be in a picker: a minute, as the partner picker had.
 */
export const LOOKUP_CACHE = { staleTime: 60_000 } as const;
