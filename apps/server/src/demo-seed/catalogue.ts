import { ratePrice, variantTotals } from '@bloomline/contract';

import type { DbOrTx } from '../db/client';
import {
  colours,
  componentRates,
  components,
  componentUnits,
  measureUnits,
  productImages,
  productPartners,
  products,
  productVariants,
  profitCentres,
  variantComponentRates,
} from '../db/schema';
import { PRODUCT_PICTURES_PATH } from '../lib/urls';
import {
  COLOURS,
  COMPONENT_UNITS,
  COMPONENTS,
  MEASURE_UNITS,
  PRODUCTS,
  PROFIT_CENTRES,
  SIZES,
} from './catalogue-data';
import type { ProductType, ProfitCentreName } from './catalogue-data';
import type { Clock } from './dates';
import { addMinutes } from './dates';
import { insertMany } from '../db/bulk';
import type { Partner } from './partners';
import { Rng, slugify } from './random';

export interface Variant {
  id: number;
  productTitle: string;
  title: string;
  type: ProductType;
  priceCents: number;
}

export interface Catalogue {
  /** Active products' variants by product type. */
  variantsByType: Map<ProductType, Variant[]>;
  profitCentreId: Record<ProfitCentreName, number>;
  componentCount: number;
  productCount: number;
}

export async function seedCatalogue(
  db: DbOrTx,
  clock: Clock,
  vat: number,
  partnerList: readonly Partner[],
): Promise<Catalogue> {
  const at = (daysAgo: number) => addMinutes(clock.now, -daysAgo * 24 * 60);
  const stamp = (daysAgo: number) => ({ createdAt: at(daysAgo), updatedAt: at(daysAgo) });

  await insertMany(
    db,
    colours,
    COLOURS.map((name, i) => ({ id: i + 1, name, ...stamp(400) })),
  );
  const colourId = new Map<string, number>(COLOURS.map((name, i) => [name, i + 1]));
  await insertMany(
    db,
    measureUnits,
    MEASURE_UNITS.map(([name, shortCode], i) => ({ id: i + 1, name, shortCode, ...stamp(400) })),
  );
  const measureId = new Map<string, number>(MEASURE_UNITS.map(([, code], i) => [code, i + 1]));
  await insertMany(
    db,
    componentUnits,
    COMPONENT_UNITS.map(([quantity, code], i) => ({
      id: i + 1,
      quantity,
      measureUnitId: measureId.get(code)!,
      ...stamp(400),
    })),
  );
  const unitId = new Map<string, number>(COMPONENT_UNITS.map(([q, code], i) => [`${q} ${code}`, i + 1]));

  const componentRows = COMPONENTS.map(([name, wholesale, unit, colour, kind], i) => ({
    id: i + 1,
    name,
    wholesaleExclVatCents: wholesale,
    container: kind === 'container',
    excludeAutoCalculations: kind === 'service',
    showOnMenu: kind !== 'service',
    isCommission: kind === 'flower' || kind === 'greenery' || kind === 'container',
    unitId: unitId.get(unit)!,
    colourId: colourId.get(colour)!,
    ...stamp(395 - (i % 30)),
  }));
  await insertMany(db, components, componentRows);
  const componentByName = new Map(componentRows.map((c) => [c.name, c]));

  await insertMany(
    db,
    profitCentres,
    PROFIT_CENTRES.map(([name, defaultMarkup, defaultAutoUpdate, rebate], i) => ({
      id: i + 1,
      name,
      defaultMarkup,
      defaultAutoUpdate,
      rebate,
      ...stamp(398),
    })),
  );
  const profitCentreId = Object.fromEntries(PROFIT_CENTRES.map(([name], i) => [name, i + 1])) as Record<
    ProfitCentreName,
    number
  >;

  // Every component is priced in every profit centre; centres without auto update carry their own markup.
  const rateRows: (typeof componentRates.$inferInsert)[] = [];
  const rate = new Map<string, { id: number; priceCents: number }>();
  for (const c of componentRows) {
    PROFIT_CENTRES.forEach(([centre, defaultMarkup, autoUpdate, rebate], pi) => {
      const rng = Rng.for(3000, c.id, pi);
      const markup = autoUpdate ? Number(defaultMarkup) : Number(defaultMarkup) + rng.int(-2, 4) * 0.05;
      const price = ratePrice({
        wholesaleCents: c.wholesaleExclVatCents,
        markup,
        rebate: Number(rebate),
        vat,
      });
      const id = rateRows.length + 1;
      rateRows.push({
        id,
        componentId: c.id,
        profitCentreId: pi + 1,
        markup: markup.toFixed(4),
        autoUpdate,
        vatCents: price.vatCents,
        priceCents: price.priceCents,
        rebate,
        ...stamp(390),
      });
      rate.set(`${c.name}|${centre}`, { id, priceCents: price.priceCents });
    });
  }
  await insertMany(db, componentRates, rateRows);

  const productRows: (typeof products.$inferInsert)[] = [];
  const imageRows: (typeof productImages.$inferInsert)[] = [];
  const variantRows: (typeof productVariants.$inferInsert)[] = [];
  const variantRateRows: (typeof variantComponentRates.$inferInsert)[] = [];
  const linkRows: (typeof productPartners.$inferInsert)[] = [];
  const variantsByType = new Map<ProductType, Variant[]>();
  PRODUCTS.forEach((p, i) => {
    const productId = i + 1;
    const handle = slugify(p.title);
    const daysAgo = 380 - i * 7;
    productRows.push({
      id: productId,
      title: p.title,
      description: p.description,
      status: p.status ?? 'active',
      productType: p.type,
      handle,
      ...stamp(daysAgo),
    });
    imageRows.push({
      productId,
      url: `${PRODUCT_PICTURES_PATH}${handle}.png`,
      altText: p.title,
      position: 1,
      createdAt: at(daysAgo),
    });
    SIZES.slice(0, p.sizes ?? 3).forEach(([size, factor, code], si) => {
      const variantId = variantRows.length + 1;
      const recipe: { quantity: number; priceCents: number; wholesaleCents: number }[] = [];
      for (const [componentName, standardQty] of p.parts) {
        const component = componentByName.get(componentName);
        const r = rate.get(`${componentName}|${p.centre}`);
        if (!component || !r) throw new Error(`Unknown component in the demo catalogue: ${componentName}`);
        // Containers and wrapping stay one per item; flowers scale with the size.
        const qty = component.container || standardQty < 1 ? standardQty : Math.round(standardQty * factor);
        recipe.push({
          quantity: qty,
          priceCents: r.priceCents,
          wholesaleCents: component.wholesaleExclVatCents,
        });
        variantRateRows.push({ variantId, componentRateId: r.id, quantity: String(qty), ...stamp(daysAgo) });
      }
      // A variant's price and wholesale follow from its recipe (docs/decisions.md, "Prices").
      const { priceCents, wholesaleCents } = variantTotals(recipe);
      variantRows.push({
        id: variantId,
        productId,
        title: size,
        sku: `BL-${String(productId).padStart(3, '0')}-${code}`,
        priceCents,
        wholesaleExclVatCents: wholesaleCents,
        position: si + 1,
        ...stamp(daysAgo),
      });
      if ((p.status ?? 'active') === 'active') {
        const list = variantsByType.get(p.type) ?? [];
        list.push({ id: variantId, productTitle: p.title, title: size, type: p.type, priceCents });
        variantsByType.set(p.type, list);
      }
    });
    const rng = Rng.for(3100, productId);
    for (const partner of partnerList) {
      const fits = partner.type === 'florist' ? p.type !== 'Hamper' || rng.chance(0.7) : p.type === 'Hamper';
      if (fits && rng.chance(0.75))
        linkRows.push({ productId, partnerId: partner.id, createdAt: at(daysAgo) });
    }
  });
  await insertMany(db, products, productRows);
  await insertMany(
    db,
    productImages,
    imageRows.map((r, i) => ({ ...r, id: i + 1 })),
  );
  await insertMany(db, productVariants, variantRows);
  await insertMany(
    db,
    variantComponentRates,
    variantRateRows.map((r, i) => ({ ...r, id: i + 1 })),
  );
  await insertMany(
    db,
    productPartners,
    linkRows.map((r, i) => ({ ...r, id: i + 1 })),
  );
  return {
    variantsByType,
    profitCentreId,
    componentCount: componentRows.length,
    productCount: productRows.length,
  };
}
