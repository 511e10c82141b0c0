import { SimpleGrid, Text, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';

import { EMPTY_TEXT } from '@/ui';

export type Fact = { key: string; label: string; value: ReactNode };

const shown = (value: ReactNode) =>
  value === null || value === undefined || value === '' ? EMPTY_TEXT : value;

/** A record's facts as a description list: label over value, in as many columns as the width allows. */
export function Facts({
  items,
  cols = { base: 2, sm: 3 },
}: {
  items: readonly Fact[];
  cols?: SimpleGridProps['cols'];
}) {
  return (
    <SimpleGrid component="dl" cols={cols} spacing="md" verticalSpacing="sm" m={0}>
      {items.map((item) => (
        <div key={item.key} style={{ minWidth: 0 }}>
          <Text component="dt" size="xs" fw={600} c="gray.7">
            {item.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {shown(item.value)}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
