import { Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';

import type { ProductListItem } from '@bloomline/contract';

import { isApiError } from '@/api/client';
import { DataTable, EMPTY_TEXT, PageTitle, type DataColumn } from '@/ui';
import { paths } from '@/lib/paths';

import { usePartner, usePartnerProducts } from '../api/get-partner';

const columns: DataColumn<ProductListItem>[] = [
  {
    key: 'title',
    header: 'Title',
    render: (p) => (
      <Text size="sm" fw={500}>
        {p.title}
      </Text>
    ),
  },
  { key: 'type', header: 'Type', render: (p) => p.product_type ?? EMPTY_TEXT, visibleFrom: 'sm' },
  { key: 'status', header: 'Status', render: (p) => p.status },
  { key: 'variants', header: 'Variants', render: (p) => p.variants.length, align: 'right' },
];

/** /partners/{partnerId}/products: the products the partner is linked to. */
export function PartnerProductsPage() {
  const id = Number(useParams().partnerId);
  const partner = usePartner(id);
  const products = usePartnerProducts(id);
  const missing =
    (isApiError(partner.error) && partner.error.status === 404) ||
    (isApiError(products.error) && products.error.status === 404 && !partner.data);
  const title = partner.data ? `Products of ${partner.data.name}` : 'Partner products';
  return (
    <Stack gap="md">
      <PageTitle
        title={title}
        breadcrumbs={[{ label: 'Partners', to: paths.partners.list }, { label: 'Products' }]}
      />
      {missing ? (
        <Text>This partner does not exist. It may have been removed.</Text>
      ) : (
        <DataTable
          columns={columns}
          rows={products.data}
          rowKey={(p) => p.id}
          query={products}
          empty="This partner has no products."
          caption={title}
          minWidth={0}
        />
      )}
    </Stack>
  );
}
