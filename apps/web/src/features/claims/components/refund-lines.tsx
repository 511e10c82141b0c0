import { Group, Stack, Text } from '@mantine/core';

import type { RefundLine } from '@bloomline/contract';

import { Money } from '@/ui';
import { ProductPicture } from '@/ui/product-picture';

/** Refunded line items: picture, product and variant, the amount refunded and its on pay. */
export function RefundLines({ lines, label }: { lines: readonly RefundLine[]; label: string }) {
  if (lines.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        No line items.
      </Text>
    );
  }
  return (
    <Stack component="ul" aria-label={label} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {lines.map((line) => (
        <Group component="li" key={line.id} gap="sm" wrap="nowrap" align="flex-start">
          <ProductPicture image={line.product.images[0]} title={line.product.title} size={56} />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {line.product.title}
            </Text>
            {line.productVariant && (
              <Text size="sm" c="gray.7">
                {line.productVariant.title}
              </Text>
            )}
            <Group wrap="wrap" style={{ columnGap: 'var(--mantine-spacing-md)', rowGap: 2 }}>
              <Text size="sm">
                Amount <Money value={line.amount} />
              </Text>
              <Text size="sm">
                On pay <Money value={line.onPayAmount} />
              </Text>
            </Group>
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
