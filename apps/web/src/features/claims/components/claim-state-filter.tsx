import { SegmentedControl } from '@mantine/core';

import type { ClaimState } from '@bloomline/contract';

const CHOICES = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'processed', label: 'Processed' },
];

/** Open (still to process), processed, or all: the returns' and refunds' lists filter by it (in the address). */
export function ClaimStateFilter({
  value,
  onChange,
  label,
}: {
  value: ClaimState | undefined;
  onChange: (state: ClaimState | undefined) => void;
  label: string;
}) {
  return (
    <SegmentedControl
      aria-label={label}
      data={CHOICES}
      value={value ?? 'all'}
      onChange={(next) => onChange(next === 'all' ? undefined : (next as ClaimState))}
      w={{ base: '100%', xs: 'auto' }}
    />
  );
}
