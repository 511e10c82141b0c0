import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';

import type { PartnerRef } from '@bloomline/contract';

import { usePartnerOptions } from '../api/get-partner-options';

export type PartnerChoiceProps = {
  value: string | null;
  onChange: (value: string | null) => void;
  /** The partner the user has now, so its name shows before any search. */
  current?: PartnerRef | null;
  error?: ReactNode;
};

/** The partner a partner user works for: searched on the server by name as the user types. */
export function PartnerChoice({ value, onChange, current, error }: PartnerChoiceProps) {
  const [search, setSearch] = useState('');
  // The chosen partner, remembered so its name shows whatever the latest search found.
  const [known, setKnown] = useState(current ?? null);
  const [q] = useDebouncedValue(search, 300);
  const selectedLabel = known && String(known.id) === value ? known.name : undefined;
  // While the box shows the chosen name, list every partner rather than that one name.
  const options = usePartnerOptions(q === selectedLabel ? '' : q.trim());

  const items = (options.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  if (known && String(known.id) === value && !items.some((i) => i.value === value)) {
    items.unshift({ value, label: known.name });
  }

  return (
    <Select
      label="Partner"
      required
      placeholder="Search for a partner"
      data={items}
      value={value}
      onChange={(next, option) => {
        setKnown(next ? { id: Number(next), name: option.label } : null);
        onChange(next);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already; the box's own filter would hide what it found.
      filter={({ options: all }) => all}
      limit={100}
      nothingFoundMessage={options.isFetching ? 'Loading…' : 'Nothing found.'}
      error={error ?? (options.isError ? 'Could not load the partners.' : undefined)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
