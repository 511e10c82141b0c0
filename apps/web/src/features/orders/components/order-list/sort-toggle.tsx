import { Button } from '@mantine/core';
import { IconArrowsSort } from '@tabler/icons-react';

import { nextSort, SORT_CYCLE, sortIndex, type SortOption } from './list-options';

export type SortToggleProps = {
  s: SortOption['s'] | undefined;
  d: SortOption['d'] | undefined;
  onChange: (sort: SortOption) => void;
};

/** One button that cycles created date and order number, each ascending and descending. */
export function SortToggle({ s, d, onChange }: SortToggleProps) {
  const current = SORT_CYCLE[sortIndex(s, d)];
  return (
    <Button
      variant="default"
      leftSection={<IconArrowsSort size={16} aria-hidden />}
      onClick={() => onChange(nextSort(s, d))}
      title="Change the sort order"
      styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
    >
      Sort: {current?.label}
    </Button>
  );
}
