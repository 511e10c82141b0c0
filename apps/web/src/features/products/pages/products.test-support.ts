import type { Product, ProductListItem } from '@bloomline/contract';

/** What the products screens' tests answer for: a bouquet with two variants, one with a recipe. */
export const bouquetItem: ProductListItem = {
  id: 7,
  title: 'Red rose bouquet',
  status: 'active',
  product_type: 'Bouquet',
  images: [{ url: 'http://localhost/images/products/red-rose-bouquet.png', altText: 'Roses' }],
  variants: [
    { id: 21, title: 'Large', sku: 'RRB-L', price: 416.92 },
    { id: 22, title: 'Small', sku: 'RRB-S', price: 208.46 },
  ],
  created_at: '2025-03-01T08:00:00.000Z',
};

export const bouquet: Product = {
  ...bouquetItem,
  description: 'A dozen red roses.',
  handle: 'red-rose-bouquet',
  variants: [
    {
      id: 21,
      title: 'Large',
      sku: 'RRB-L',
      price: 416.92,
      wholesale_excl_vat: 195.99,
      created_at: '2025-03-01T08:00:00.000Z',
      component_rates: [
        {
          id: 301,
          quantity: 12,
          component_rate: {
            id: 41,
            component: { id: 5, name: 'Red rose' },
            profitCentre: { id: 2, name: 'Retail' },
            price: 26.44,
            markup: 0.85,
            auto_update: true,
          },
        },
        {
          id: 302,
          quantity: 1,
          component_rate: {
            id: 43,
            component: { id: 6, name: 'Glass vase' },
            profitCentre: { id: 2, name: 'Retail' },
            price: 97.84,
            markup: 0.125,
            auto_update: false,
          },
        },
      ],
    },
    {
      id: 22,
      title: 'Small',
      sku: null,
      price: 158.64,
      wholesale_excl_vat: 75,
      created_at: '2025-03-01T08:00:00.000Z',
      component_rates: [],
    },
  ],
};
