import { Paper } from '@mantine/core';

import type { Product, ProductPartner } from '@bloomline/contract';

import { DataTable, EMPTY_TEXT, type DataColumn } from '@/ui';

import { useProductPartners } from '../api/get-product';
import { PRODUCTS_CRUMB, ProductFrame } from '../components/product-frame';

const columns: DataColumn<ProductPartner>[] = [
  { key: 'name', header: 'Name', render: (p) => p.name },
  { key: 'type', header: 'Type', render: (p) => (p.partnerType === 'florist' ? 'Florist' : 'Courier') },
  { key: 'city', header: 'City', render: (p) => p.city ?? EMPTY_TEXT, visibleFrom: 'sm' },
  { key: 'enabled', header: 'Enabled', render: (p) => (p.enabled ? 'Yes' : 'No') },
];

function PartnersTable({ product }: { product: Product }) {
  const partners = useProductPartners(product.id);
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
      <DataTable
        columns={columns}
        rows={partners.data}
        rowKey={(p) => p.id}
        query={partners}
        empty="No partner is linked to this product."
        caption={`Partners of ${product.title}`}
        minWidth={0}
      />
    </Paper>
  );
}

/** /products/{productId}/partners: the partners linked to the product. */
export function ProductPartnersPage() {
  return (
    <ProductFrame
      heading={(product) => ({
        title: product ? `Partners of ${product.title}` : 'Partners',
        breadcrumbs: [PRODUCTS_CRUMB, { label: 'PARTNERS' }],
        history: product && { type: 'product', id: product.id },
      })}
    >
      {(product) => <PartnersTable product={product} />}
    </ProductFrame>
  );
}
