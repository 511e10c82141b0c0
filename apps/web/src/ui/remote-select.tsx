import { Select, type ComboboxItem, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { SEARCH_DEBOUNCE_MS } from './search-input';

export type RemoteSelectProps<TData, TKey extends QueryKey> = Omit<
  SelectProps,
  | 'data'
  | 'value'
  | 'onChange'
  | 'searchable'
  | 'searchValue'
  | 'onSearchChange'
  | 'filter'
  | 'nothingFoundMessage'
> & {
  value: string | null;
  onChange: (value: string | null, option: ComboboxItem | null) => void;
  /** The query for one search: the text typed, trimmed, once typing pauses ('' for no search). */
  query: (q: string) => UseQueryOptions<TData, Error, TData, TKey>;
  /** The choices in an answer. */
  options: (data: TData) => ComboboxItem[];
  /** The choice the record has now, so its name shows before (and whatever) any search finds. */
  current?: ComboboxItem | null;
  /** Choices offered first while nothing is typed ("No partner": a clear button is for the mouse only). */
  fixed?: ComboboxItem[];
  /** Said in the dropdown while the server searches. */
  searching?: string;
  /** Said in the dropdown when the search found nothing. */
  nothingFound?: string;
  /** What to show under the box when the search failed; nothing by default. */
  loadError?: (error: unknown) => ReactNode;
  /** Drawn instead of the box when the search failed (another way to give the value). */
  fallback?: (error: unknown) => ReactNode;
};

/**
 * A choice searched on the server as the user types: Mantine's Select (a combobox the keyboard drives,
 * labelled like any field), the search debounced, the answers shown as the server gave them (the box's own
 * filter would hide what the server found by other words), the last answer kept while the next loads, and
 * the chosen name kept whatever a later search finds. While the box shows the chosen name that is no search:
 * the first page is offered, not that one name.
 */
export function RemoteSelect<TData, TKey extends QueryKey>({
  value,
  onChange,
  query,
  options,
  current = null,
  fixed = [],
  searching = 'Loading…',
  nothingFound = 'Nothing found.',
  loadError,
  fallback,
  error,
  ...rest
}: RemoteSelectProps<TData, TKey>) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ComboboxItem | null>(null);
  // The value was emptied from outside (a form reset): forget the choice and its name.
  if (value === null && chosen !== null) {
    setChosen(null);
    setSearch('');
  }
  const known = [chosen, current, ...fixed].find((o) => o !== null && o.value === value) ?? null;
  const typed = search.trim() === known?.label ? '' : search.trim();
  const [q] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const result = useQuery({ ...query(q), placeholderData: keepPreviousData });

  if (result.isError && fallback) return fallback(result.error);

  // The fixed choices while nothing is typed, the chosen one always (the box shows its name), then the finds.
  const all = [
    ...(typed ? [] : fixed),
    ...(known ? [known] : []),
    ...(result.data ? options(result.data) : []),
  ];
  const items = all.filter((item, index) => all.findIndex((other) => other.value === item.value) === index);

  return (
    <Select
      data={items}
      value={value}
      onChange={(next, option) => {
        setChosen(next === null ? null : option);
        onChange(next, next === null ? null : option);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={result.isFetching ? searching : nothingFound}
      error={error ?? (result.isError && loadError ? loadError(result.error) : undefined)}
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  );
}
