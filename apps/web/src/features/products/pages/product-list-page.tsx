import { Button, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';

import { productListQuery, type ProductListItem } from '@bloomline/contract';

import { actionsColumn, DateText, EMPTY_TEXT, ListPage, useListParams, type DataColumn } from '@/ui';
import { paths } from '@/lib/paths';

import { useProducts } from '../api/get-products';
import { ProductPicture } from '../components/product-picture';
import { ProductSort } from '../components/product-sort';
import { ProductStatusBadge } from '../components/product-status-badge';

const columns: DataColumn<ProductListItem>[] = [
  {
    key: 'picture',
    header: <VisuallyHidden>Picture</VisuallyHidden>,
    label: 'Picture',
    render: (p) => <ProductPicture images={p.images} />,
    width: 56,
    visibleFrom: 'xs',
  },
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
  {
    key: 'status',
    header: 'Status',
    render: (p) => <ProductStatusBadge status={p.status} />,
    visibleFrom: 'sm',
  },
  {
    key: 'variants',
    header: 'Variants',
    render: (p) => p.variants.length,
    align: 'right',
    visibleFrom: 'md',
  },
  {
    key: 'created',
    header: 'Created',
    render: (p) => <DateText value={p.created_at} format="date" />,
    visibleFrom: 'md',
  },
  actionsColumn((p) => (
    <>
      <Button
        component={Link}
        to={paths.products.variants(p.id)}
        size="compact-sm"
        variant="default"
        aria-label={`Variants of ${p.title}`}
      >
        Variants
      </Button>
      <Button
        component={Link}
        to={paths.products.partners(p.id)}
        size="compact-sm"
        variant="default"
        aria-label={`Partners of ${p.title}`}
      >
        Partners
      </Button>
    </>
  )),
];

/** /products: search, sort and page live in the query string (q, s, d, page); pages count from 1. */
export function ProductListPage() {
  const { params, update } = useListParams(productListQuery);
  const products = useProducts(params);

  return (
    <ListPage
      title="Products"
      actions={<ProductSort s={params.s} d={params.d} onChange={(sort) => update(sort)} />}
      search={{ value: params.q ?? '', onSearch: (q) => update({ q }), label: 'Search products' }}
      columns={columns}
      rows={products.data?.data}
      rowKey={(p) => p.id}
      query={products}
      meta={products.data?.meta}
      onPage={(page) => update({ page })}
      minWidth={0}
    />
  );
}
