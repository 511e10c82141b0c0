import { Paper, Stack, Text, Title } from '@mantine/core';

import {
  toCents,
  toRand,
  variantTotals,
  type ProductVariant,
  type VariantComponentRate,
} from '@bloomline/contract';

import { actionsColumn, DataTable, DeleteAction, formatPercent, Money, type DataColumn } from '@/ui';

import { useChangeRecipeQuantity, useDeleteRecipeLine } from '../api/recipe-lines';
import { QuantityCell } from './quantity-cell';

/** What a line adds to the variant's price: quantity × the rate's price, to the cent (as the server sums). */
export const lineTotal = (line: VariantComponentRate) =>
  toRand(
    variantTotals([
      { quantity: line.quantity, priceCents: toCents(line.component_rate.price), wholesaleCents: 0 },
    ]).priceCents,
  );

/** "Red rose (Retail)": a line named by its component and profit centre. */
export const lineName = (line: VariantComponentRate) =>
  `${line.component_rate.component.name} (${line.component_rate.profitCentre.name})`;

export type RecipeTableProps = { productId: number; variant: ProductVariant };

/**
 * The variant's recipe: each component rate with its quantity (edited in place), markup, whether it follows its
 * centre's default, price and total.
 */
export function RecipeTable({ productId, variant }: RecipeTableProps) {
  const change = useChangeRecipeQuantity(productId, variant.id);
  const remove = useDeleteRecipeLine(productId, variant.id);

  const columns: DataColumn<VariantComponentRate>[] = [
    {
      key: 'component',
      header: 'Component',
      render: (l) => (
        <Text size="sm" fw={500}>
          {l.component_rate.component.name}
        </Text>
      ),
    },
    {
      key: 'centre',
      header: 'Profit centre',
      render: (l) => l.component_rate.profitCentre.name,
      visibleFrom: 'sm',
    },
    {
      key: 'quantity',
      header: 'Quantity',
      align: 'right',
      render: (l) => (
        <QuantityCell
          value={l.quantity}
          label={`Quantity of ${lineName(l)}`}
          onSave={(quantity) => change.mutateAsync({ lineId: l.id, quantity })}
        />
      ),
    },
    {
      key: 'markup',
      header: 'Markup',
      align: 'right',
      visibleFrom: 'md',
      render: (l) => formatPercent(l.component_rate.markup),
    },
    {
      // Whether the rate follows its profit centre's default markup (and so its price moves with it).
      key: 'auto',
      header: 'Auto update',
      visibleFrom: 'md',
      render: (l) => (l.component_rate.auto_update ? 'Yes' : 'No'),
    },
    {
      key: 'price',
      header: 'Rate price',
      align: 'right',
      visibleFrom: 'sm',
      render: (l) => <Money value={l.component_rate.price} />,
    },
    {
      key: 'total',
      header: 'Total',
      align: 'right',
      visibleFrom: 'xs',
      render: (l) => <Money value={lineTotal(l)} />,
    },
    actionsColumn((l) => <DeleteAction name={lineName(l)} onConfirm={() => remove.mutateAsync(l.id)} />),
  ];

  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Component rates
        </Title>
        <DataTable
          columns={columns}
          rows={variant.component_rates}
          rowKey={(l) => l.id}
          empty="No component is in this variant's recipe yet."
          caption={`Component rates of ${variant.title}`}
          minWidth={0}
        />
      </Stack>
    </Paper>
  );
}
