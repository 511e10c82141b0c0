import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';

import { SEARCH_DEBOUNCE_MS } from '@/ui';

import { useComponentOptions } from '../api/get-pickers';

export type ComponentPickerProps = {
  value: string | null;
  onChange: (value: string | null) => void;
  error?: ReactNode;
};

/** A component, searched by name on the server (GET /api/components?q=) as the user types. */
export function ComponentPicker({ value, onChange, error }: ComponentPickerProps) {
  const [search, setSearch] = useState('');
  // The chosen component's name, so it stays shown whatever a later search finds.
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  // The form was reset (after an add): the box empties too.
  if (value === null && chosen !== null) {
    setChosen(null);
    setSearch('');
  }
  const [q] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // While the box shows the chosen name, offer the first components rather than that one alone.
  const options = useComponentOptions(chosen && q === chosen.label ? '' : q.trim());

  const items = (options.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  if (chosen && chosen.value === value && !items.some((i) => i.value === value)) items.unshift(chosen);

  return (
    <Select
      label="Component"
      placeholder="Search for a component"
      required
      data={items}
      value={value}
      onChange={(next, option) => {
        setChosen(next ? { value: next, label: option.label } : null);
        onChange(next);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already; the box's own filter would hide what it found by other words.
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? 'Loading…' : 'Nothing found.'}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
