import { Select, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

import { usePlaces, type PlaceLevel } from '../api/get-places';

type PlacePickerProps = {
  level: PlaceLevel;
  label: string;
  /** The chosen parent (a province for cities, a city for suburbs); null for provinces. */
  parentId: string | null;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: ReactNode;
  /** Said while there is no parent to choose from. */
  waitFor?: string;
};

function PlacePicker({ level, label, parentId, value, onChange, error, waitFor }: PlacePickerProps) {
  const needsParent = level !== 'provinces';
  const places = usePlaces(level, parentId === null ? null : Number(parentId));
  const waiting = needsParent && parentId === null;
  const data = (places.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  let placeholder = 'Choose';
  if (waiting) placeholder = waitFor ?? 'Choose';
  else if (places.isPending) placeholder = 'Loading…';
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value}
      onChange={onChange}
      disabled={waiting}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
      limit={100}
      nothingFoundMessage="Nothing found."
      error={error ?? (places.isError ? `Could not load the ${level}.` : undefined)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export type PlacePickersProps = {
  province: string | null;
  city: string | null;
  suburb: string | null;
  /** A new choice; a new province clears the city and suburb, a new city the suburb. */
  onChange: (places: {
    province_id: string | null;
    city_id: string | null;
    location_id: string | null;
  }) => void;
  errors: { province_id?: ReactNode; city_id?: ReactNode; location_id?: ReactNode };
};

/** Province → city → suburb, each list narrowed to the one before it. */
export function PlacePickers({ province, city, suburb, onChange, errors }: PlacePickersProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <PlacePicker
        level="provinces"
        label="Province"
        parentId={null}
        value={province}
        onChange={(id) => id !== province && onChange({ province_id: id, city_id: null, location_id: null })}
        error={errors.province_id}
      />
      <PlacePicker
        level="cities"
        label="City"
        parentId={province}
        value={city}
        onChange={(id) => id !== city && onChange({ province_id: province, city_id: id, location_id: null })}
        error={errors.city_id}
        waitFor="Choose a province first"
      />
      <PlacePicker
        level="suburbs"
        label="Suburb"
        parentId={city}
        value={suburb}
        onChange={(id) => onChange({ province_id: province, city_id: city, location_id: id })}
        error={errors.location_id}
        waitFor="Choose a city first"
      />
    </SimpleGrid>
  );
}
