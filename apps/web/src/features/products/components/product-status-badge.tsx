import { Badge, useMantineTheme } from '@mantine/core';

import type { ProductListItem } from '@bloomline/contract';

import { filledColours } from '@/ui';

const COLOURS: Record<ProductListItem['status'], string> = {
  active: 'green',
  draft: 'gray',
  archived: 'orange',
};

/** A product's status; the text takes black or white by contrast, so every colour passes axe. */
export function ProductStatusBadge({ status }: Pick<ProductListItem, 'status'>) {
  const theme = useMantineTheme();
  const { background, text } = filledColours(theme, COLOURS[status]);
  return (
    <Badge variant="filled" color={background} c={text}>
      {status}
    </Badge>
  );
}
