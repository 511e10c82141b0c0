import { Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';

import { paths } from '@/lib/paths';
import { PRODUCTS_CRUMB, ProductFrame } from '../components/product-frame';
import { RecipeLineForm } from '../components/recipe-line-form';
import { RecipeTable } from '../components/recipe-table';
import { VariantFigures } from '../components/variant-figures';

export const MISSING_VARIANT = 'This product has no such variant. It may have been removed.';

/**
 * /products/{productId}/variants/{variantId}: the variant's price and its recipe; a component's quantity
 * is changed in place, a line deleted, one added. The product's answer carries every variant's recipe,
 * so this screen and the variants list share one request.
 */
export function VariantPage() {
  const variantId = Number(useParams().variantId);
  return (
    <ProductFrame
      heading={(product) => {
        const variant = product?.variants.find((v) => v.id === variantId);
        return {
          title: variant && product ? `${product.title}: ${variant.title}` : 'Variant',
          breadcrumbs: [
            PRODUCTS_CRUMB,
            { label: 'VARIANTS', to: product ? paths.products.variants(product.id) : undefined },
            { label: variant?.title ?? 'Variant' },
          ],
          history: variant && { type: 'product variant', id: variant.id },
        };
      }}
    >
      {(product) => {
        const variant = product.variants.find((v) => v.id === variantId);
        if (!variant) return <Text>{MISSING_VARIANT}</Text>;
        return (
          <Stack gap="md">
            <VariantFigures variant={variant} />
            <RecipeTable productId={product.id} variant={variant} />
            <RecipeLineForm key={variant.id} productId={product.id} variantId={variant.id} />
          </Stack>
        );
      }}
    </ProductFrame>
  );
}
