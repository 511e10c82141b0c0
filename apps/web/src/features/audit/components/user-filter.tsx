import { NumberInput, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

import { SEARCH_DEBOUNCE_MS } from '@/ui';

import { useUserSearch } from '../api/search-users';

export type UserFilterProps = {
  /** The user id in force. */
  value: number | undefined;
  /** The name of that user when the page already shows it (their entries), so the box can say who it is. */
  knownName?: string;
  onChange: (user: number | undefined) => void;
};

const width = { base: '100%', sm: 240 };

/**
 * The user filter: a searchable choice over the users list (GET /api/users?q). Where that list cannot be
 * read (not offered by this server, or refused), the filter takes the user's id instead.
 */
export function UserFilter({ value, knownName, onChange }: UserFilterProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const users = useUserSearch(q);

  if (users.isError) {
    return (
      <NumberInput
        label="User id"
        value={value ?? ''}
        onChange={(v) => onChange(typeof v === 'number' && v > 0 ? v : undefined)}
        allowDecimal={false}
        allowNegative={false}
        min={1}
        hideControls
        w={width}
      />
    );
  }

  const options = (users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }));
  if (value !== undefined && !options.some((o) => o.value === String(value))) {
    options.unshift({ value: String(value), label: knownName ?? `User ${value}` });
  }
  return (
    <Select
      label="User"
      placeholder="Any user"
      data={options}
      value={value === undefined ? null : String(value)}
      onChange={(v) => onChange(v === null ? undefined : Number(v))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already: show every answer it gave.
      filter={({ options: all }) => all}
      nothingFoundMessage={users.isFetching ? 'Searching…' : 'No user found'}
      clearable
      w={width}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
