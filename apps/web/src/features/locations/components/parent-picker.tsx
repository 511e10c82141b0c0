import { Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';

import { PARENT_TYPE, type LocationType } from '@bloomline/contract';

import { useLocations } from '../api/get-locations';

export type ParentPickerProps = {
  /** The type of the location being edited: its parent must be of PARENT_TYPE[type]. */
  type: LocationType;
  value: string | null;
  onChange: (value: string | null) => void;
  /** The parent the record has now, so it shows before any search. */
  current?: { id: number; name: string } | null;
  error?: ReactNode;
};

const TYPE_WORD: Record<LocationType, string> = {
  country: 'country',
  province: 'province',
  city: 'city',
  suburb: 'suburb',
};

/** A searchable list of the locations that can be this one's parent (a suburb's parent is a city …). */
export function ParentPicker({ type, value, onChange, current, error }: ParentPickerProps) {
  const parentType = PARENT_TYPE[type];
  const [search, setSearch] = useState('');
  // The chosen parent, remembered so its name shows whatever the latest search found.
  const [known, setKnown] = useState(current ?? null);
  const [q] = useDebouncedValue(search, 300);
  const selectedLabel = known && String(known.id) === value ? known.name : undefined;
  // While the box shows the chosen name, list that type's first page rather than that one name.
  const query = q === selectedLabel ? '' : q.trim();
  const options = useLocations(
    { type: parentType ?? undefined, q: query || undefined, per_page: 50 },
    !!parentType,
  );

  if (!parentType) {
    return (
      <Text size="sm" c="dimmed" mt={{ base: 0, sm: 30 }}>
        A country has no parent.
      </Text>
    );
  }

  const items = (options.data?.data ?? []).map((l) => ({ value: String(l.id), label: l.name }));
  if (known && String(known.id) === value && !items.some((i) => i.value === value)) {
    items.unshift({ value, label: known.name });
  }

  return (
    <Select
      label="Parent"
      description={`The ${TYPE_WORD[parentType]} this ${TYPE_WORD[type]} lies in`}
      placeholder={`Search for a ${TYPE_WORD[parentType]}`}
      data={items}
      value={value}
      onChange={(next, option) => {
        setKnown(next ? { id: Number(next), name: option.label } : null);
        onChange(next);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already; the box's own filter would hide the chosen parent's siblings.
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? 'Loading…' : 'Nothing found.'}
      clearable
      error={error}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
