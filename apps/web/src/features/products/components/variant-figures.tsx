import { Paper, SimpleGrid, Text } from '@mantine/core';

import type { ProductVariant } from '@bloomline/contract';

import { EMPTY_TEXT, Money } from '@/ui';

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="lg" fw={700}>
        {children}
      </Text>
    </Paper>
  );
}

/** The variant's price and wholesale: what its recipe makes them (the server keeps them so). */
export function VariantFigures({ variant }: { variant: ProductVariant }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} aria-live="polite">
      <Figure label="Price">
        <Money value={variant.price} data-testid="variant-price" />
      </Figure>
      <Figure label="Wholesale (excl VAT)">
        <Money value={variant.wholesale_excl_vat} data-testid="variant-wholesale" />
      </Figure>
      <Figure label="SKU">{variant.sku ?? EMPTY_TEXT}</Figure>
    </SimpleGrid>
  );
}
