import { toRand } from '@bloomline/contract';
import type { ProductVariantDetail } from '@bloomline/contract';

import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { absoluteUrl } from '../../lib/urls';
import { productImagesOf, variantById } from './catalogue.queries';

/** The catalogue as clients read it. Image addresses are absolute: phone apps load them from elsewhere. */
export function createCatalogueService({ db, appUrl }: { db: Db; appUrl: string }) {
  return {
    async variant(id: number): Promise<ProductVariantDetail> {
      const variant = await variantById(db, id);
      if (!variant) throw notFound();
      const images = await productImagesOf(db, variant.product.id);
      return {
        id: variant.id,
        title: variant.title,
        sku: variant.sku,
        product: {
          ...variant.product,
          images: images.map((i) => ({ ...i, url: absoluteUrl(appUrl, i.url) })),
        },
        component_rates: variant.components.map((r) => ({
          quantity: Number(r.quantity),
          component_rate: {
            id: r.rateId,
            price: toRand(r.priceCents),
            component: {
              id: r.componentId,
              name: r.name,
              unit: r.unit ? { name: r.unit } : null,
              colour: { name: r.colour },
            },
          },
        })),
      };
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
