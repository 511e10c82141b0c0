import type { AddressSchema } from './use-list-params';

/**
 * The address of a short list the browser holds whole (units, colours): only its search, trimmed and cut
 * to the search box's length. Read with useListParams.
 */
export const searchOnlyAddress: AddressSchema<{ q: string }> = {
  shape: { q: true },
  parse: (raw: unknown) => {
    const q = (raw as { q?: unknown }).q;
    return { q: typeof q === 'string' ? q.trim().slice(0, 100) : '' };
  },
};

/** Case-insensitive contains on the name: how a list the browser holds is searched. */
export function filterByName<T extends { name: string }>(rows: readonly T[], q: string): T[] {
  const needle = q.trim().toLocaleLowerCase();
  return needle ? rows.filter((r) => r.name.toLocaleLowerCase().includes(needle)) : [...rows];
}
