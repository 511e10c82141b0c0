import { Group, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';

export type SortDirection = 'asc' | 'desc';

export type SortHeaderProps<K extends string> = {
  /** The column's heading. */
  label: string;
  /** The sort key this column stands for. */
  sortKey: K;
  /** The list's sort in force. */
  s: K;
  d: SortDirection;
  /** A click on the sorted column turns its direction; on another column sorts by it, ascending. */
  onSort: (sort: { s: K; d: SortDirection }) => void;
};

/** A column heading that sorts the list by its column (a list whose sort lives in the address). */
export function SortHeader<K extends string>({ label, sortKey, s, d, onSort }: SortHeaderProps<K>) {
  const active = s === sortKey;
  const Icon = !active ? IconArrowsSort : d === 'asc' ? IconSortAscending : IconSortDescending;
  return (
    <UnstyledButton
      onClick={() => onSort({ s: sortKey, d: active && d === 'asc' ? 'desc' : 'asc' })}
      fw={700}
      fz="sm"
      // A touch target on a phone, where the sort buttons stand above the cards.
      mih={{ base: 44, sm: 0 }}
      // Named here rather than from hidden text, which browsers join with the heading's in different ways.
      aria-label={`${label}, ${active ? `sorted ${d === 'asc' ? 'ascending' : 'descending'}` : 'sort by this column'}`}
    >
      <Group gap={4} wrap="nowrap" component="span">
        {label}
        <Icon size={16} aria-hidden style={{ opacity: active ? 1 : 0.5 }} />
      </Group>
    </UnstyledButton>
  );
}
