import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { PARENT_TYPE, type LocationType } from '@bloomline/contract';

import { RemoteSelect } from '@/ui';

import { locationsQueryOptions } from '../api/get-locations';

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
  if (!parentType) {
    return (
      <Text size="sm" c="dimmed" mt={{ base: 0, sm: 30 }}>
        A country has no parent.
      </Text>
    );
  }
  return (
    <RemoteSelect
      label="Parent"
      description={`The ${TYPE_WORD[parentType]} this ${TYPE_WORD[type]} lies in`}
      placeholder={`Search for a ${TYPE_WORD[parentType]}`}
      value={value}
      onChange={(next) => onChange(next)}
      query={(q) => locationsQueryOptions({ type: parentType, q: q || undefined, per_page: 50 })}
      options={(page) => page.data.map((l) => ({ value: String(l.id), label: l.name }))}
      current={current ? { value: String(current.id), label: current.name } : null}
      clearable
      error={error}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
