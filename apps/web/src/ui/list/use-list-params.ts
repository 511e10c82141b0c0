import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** What the hook needs of the contract's lenient list query (`listRequest(...).lenient`). */
export type AddressSchema<Params> = { shape: object; parse: (raw: unknown) => Params };

export type ListPatch = Record<string, string | number | null | undefined>;

export type ListParamsState<Params> = {
  /** The list's request, read from the address with the contract's lenient schema. */
  params: Params;
  /** Changes the given parts in the address (a new history entry); any change but paging goes to page 1. */
  update: (patch: ListPatch) => void;
};

/**
 * A list's search, page and sort live in the address, so reload and the back button restore them. A
 * malformed value falls back to its default instead of breaking the screen.
 */
export function useListParams<Params>(schema: AddressSchema<Params>): ListParamsState<Params> {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();
  const keys = useMemo(() => Object.keys(schema.shape), [schema]);

  const params = useMemo(() => {
    const url = new URLSearchParams(query);
    return schema.parse(Object.fromEntries(keys.map((k) => [k, url.get(k) ?? undefined])));
  }, [query, keys, schema]);

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
