import { Select } from '@mantine/core';

import { PRODUCT_SORTS } from '@bloomline/contract';

type Sort = (typeof PRODUCT_SORTS)[number];
type Direction = 'asc' | 'desc';

const OPTIONS: { value: `${Sort}:${Direction}`; label: string }[] = [
  { value: 'created_at:desc', label: 'Newest first' },
  { value: 'created_at:asc', label: 'Oldest first' },
  { value: 'title:asc', label: 'Title A to Z' },
  { value: 'title:desc', label: 'Title Z to A' },
];

export type ProductSortProps = {
  s: Sort;
  d: Direction;
  onChange: (sort: { s: Sort; d: Direction }) => void;
};

/** The list's order: by title or by date created, either way (one choice, so it reads as a sentence). */
export function ProductSort({ s, d, onChange }: ProductSortProps) {
  return (
    <Select
      label="Sort by"
      data={OPTIONS}
      value={`${s}:${d}`}
      onChange={(value) => {
        const [sort, direction] = (value ?? 'created_at:desc').split(':') as [Sort, Direction];
        onChange({ s: sort, d: direction });
      }}
      allowDeselect={false}
      w={{ base: '100%', sm: 200 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
