import { Anchor, Paper } from '@mantine/core';
import { Link } from 'react-router';

import type { ProductVariant } from '@bloomline/contract';

import { DataTable, EMPTY_TEXT, Money, type DataColumn } from '@/ui';
import { paths } from '@/lib/paths';

import { PRODUCTS_CRUMB, ProductFrame } from '../components/product-frame';

const columnsFor = (productId: number): DataColumn<ProductVariant>[] => [
  {
    key: 'title',
    header: 'Title',
    render: (v) => (
      <Anchor component={Link} to={paths.products.variant(productId, v.id)} size="sm" fw={500}>
        {v.title}
      </Anchor>
    ),
  },
  { key: 'sku', header: 'SKU', render: (v) => v.sku ?? EMPTY_TEXT, visibleFrom: 'sm' },
  { key: 'price', header: 'Price', render: (v) => <Money value={v.price} />, align: 'right' },
  {
    key: 'wholesale',
    header: 'Wholesale',
    render: (v) => <Money value={v.wholesale_excl_vat} />,
    align: 'right',
    visibleFrom: 'sm',
  },
  { key: 'components', header: 'Components', render: (v) => v.component_rates.length, align: 'right' },
];

/** /products/{productId}/variants: the product's variants, each leading to its recipe. */
export function ProductVariantsPage() {
  return (
    <ProductFrame
      heading={(product) => ({
        title: product ? `Variants of ${product.title}` : 'Variants',
        breadcrumbs: [PRODUCTS_CRUMB, { label: 'VARIANTS' }],
        history: product && { type: 'product', id: product.id },
      })}
    >
      {(product) => (
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
          <DataTable
            columns={columnsFor(product.id)}
            rows={product.variants}
            rowKey={(v) => v.id}
            empty="This product has no variants."
            caption={`Variants of ${product.title}`}
            minWidth={0}
          />
        </Paper>
      )}
    </ProductFrame>
  );
}
