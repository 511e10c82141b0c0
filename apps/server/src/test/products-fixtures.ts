import { eq, inArray } from 'drizzle-orm';

import { variantTotals } from '@bloomline/contract';

import type { Db } from '../db/client';
import { drawDemoPictures } from '../demo-seed/pictures';
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
import { repriceRates } from '../shared/prices';

/**
 * A small catalogue for the products and recipe tests: components priced in two profit centres, a bouquet
 * with two variants built from them (priced from their recipes by the product's own cascade), a hamper, and
 * fillers for paging. `Orphan` has no rate anywhere; `Gypsophila` has one in Retail only.
 */
export async function createCatalogue(db: Db, partnerIds: { a: number; b: number }) {
  const [red, white] = await db
    .insert(colours)
    .values([{ name: 'Red' }, { name: 'White' }])
    .returning();
  const [stem] = await db.insert(measureUnits).values({ name: 'Stem', shortCode: 'st' }).returning();
  const [oneStem] = await db
    .insert(componentUnits)
    .values({ quantity: '1', measureUnitId: stem!.id })
    .returning();
  const [rose, gyp, vase, orphan] = await db
    .insert(components)
    .values([
      { name: 'Red rose', wholesaleExclVatCents: 1250, unitId: oneStem!.id, colourId: red!.id },
      { name: 'Gypsophila', wholesaleExclVatCents: 833, unitId: oneStem!.id, colourId: white!.id },
      { name: 'Glass vase', wholesaleExclVatCents: 4599, container: true },
      { name: 'Orphan', wholesaleExclVatCents: 100 },
    ])
    .returning();
  const [retail, corporate] = await db
    .insert(profitCentres)
    .values([
      { name: 'Retail', defaultMarkup: '0.8500', defaultAutoUpdate: true, rebate: '0' },
      { name: 'Corporate', defaultMarkup: '0.5000', rebate: '0.1000' },
    ])
    .returning();

  // A rate is written with its inputs (markup, auto update) and priced by the product's own cascade below.
  const rateOf = async (
    component: typeof components.$inferSelect,
    centre: typeof profitCentres.$inferSelect,
    markup: number,
  ) => {
    const [row] = await db
      .insert(componentRates)
      .values({
        componentId: component.id,
        profitCentreId: centre.id,
        markup: String(markup),
        autoUpdate: centre.defaultAutoUpdate,
      })
      .returning();
    return row!;
  };
  const rates = {
    roseRetail: await rateOf(rose!, retail!, 0.85),
    roseCorporate: await rateOf(rose!, corporate!, 0.55),
    gypRetail: await rateOf(gyp!, retail!, 0.85),
    vaseRetail: await rateOf(vase!, retail!, 0.85),
    vaseCorporate: await rateOf(vase!, corporate!, 0.5),
  };

  const day = (d: string) => new Date(`${d}T08:00:00Z`);
  const [bouquet, hamper] = await db
    .insert(products)
    .values([
      {
        title: 'Red rose bouquet',
        handle: 'red-rose-bouquet',
        productType: 'Bouquet',
        description: 'A dozen red roses.',
        createdAt: day('2025-03-01'),
      },
      {
        title: 'sunflower Hamper',
        handle: 'sunflower-hamper',
        productType: 'Hamper',
        status: 'draft',
        createdAt: day('2025-03-02'),
      },
    ])
    .returning();
  await db.insert(products).values(
    Array.from({ length: 20 }, (_, i) => ({
      title: `Filler ${String(i + 1).padStart(2, '0')}`,
      handle: `filler-${String(i + 1)}`,
      productType: 'Plant',
      createdAt: day(`2024-01-${String(i + 1).padStart(2, '0')}`),
    })),
  );
  await db.insert(productImages).values([
    { productId: bouquet!.id, url: '/images/products/red-rose-bouquet.png', altText: 'Roses', position: 1 },
    { productId: bouquet!.id, url: 'https://cdn.example.com/roses.jpg', altText: null, position: 2 },
  ]);
  await drawDemoPictures(db);
  const [large, small] = await db
    .insert(productVariants)
    .values([
      { productId: bouquet!.id, title: 'Large', sku: 'RRB-L', position: 1, createdAt: day('2025-03-01') },
      { productId: bouquet!.id, title: 'Small', sku: 'RRB-S', position: 2, createdAt: day('2025-03-01') },
    ])
    .returning();
  const [hamperVariant] = await db
    .insert(productVariants)
    .values({ productId: hamper!.id, title: 'Standard', sku: null, priceCents: 59900 })
    .returning();
  const lines = await db
    .insert(variantComponentRates)
    .values([
      { variantId: large!.id, componentRateId: rates.roseRetail.id, quantity: '12' },
      { variantId: large!.id, componentRateId: rates.vaseRetail.id, quantity: '1' },
      { variantId: small!.id, componentRateId: rates.roseRetail.id, quantity: '6' },
    ])
    .returning();
  // Priced as staff's changes price them (shared/prices.ts): the rates from their inputs, the variants from
  // their recipes.
  await repriceRates(db, { all: true }, { userId: null, reason: 'the test catalogue was made' });
  const pricedRows = await db.select().from(componentRates);
  const pricedRates = Object.fromEntries(
    Object.entries(rates).map(([name, r]) => [name, pricedRows.find((p) => p.id === r.id)!]),
  ) as typeof rates;
  await db.insert(productPartners).values([
    { productId: bouquet!.id, partnerId: partnerIds.b },
    { productId: bouquet!.id, partnerId: partnerIds.a },
    { productId: hamper!.id, partnerId: partnerIds.a },
  ]);
  return {
    colours: { red: red!, white: white! },
    components: { rose: rose!, gyp: gyp!, vase: vase!, orphan: orphan! },
    centres: { retail: retail!, corporate: corporate! },
    rates: pricedRates,
    products: { bouquet: bouquet!, hamper: hamper! },
    variants: { large: large!, small: small!, hamper: hamperVariant! },
    lines: { largeRose: lines[0]!, largeVase: lines[1]!, smallRose: lines[2]! },
  };
}
export type Catalogue = Awaited<ReturnType<typeof createCatalogue>>;

/** The stored recipes of some variants: each line's quantity, its rate and price, its component and wholesale. */
export async function recipeLines(db: Db, variantIds: number[]) {
  const rows = await db
    .select({
      variantId: variantComponentRates.variantId,
      quantity: variantComponentRates.quantity,
      rateId: componentRates.id,
      priceCents: componentRates.priceCents,
      componentId: components.id,
      wholesaleCents: components.wholesaleExclVatCents,
    })
    .from(variantComponentRates)
    .innerJoin(componentRates, eq(componentRates.id, variantComponentRates.componentRateId))
    .innerJoin(components, eq(components.id, componentRates.componentId))
    .where(inArray(variantComponentRates.variantId, variantIds));
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
}

/**
 * A variant's price and wholesale as its recipe makes them, computed here from the stored recipe with the
 * contract's `variantTotals`: the reference the tests hold the server to.
 */
export async function recipeTotals(db: Db, variantId: number) {
  return variantTotals(await recipeLines(db, [variantId]));
}

/** A variant's stored price and wholesale, in cents. */
export async function storedPrice(db: Db, variantId: number) {
  const [row] = await db
    .select({ priceCents: productVariants.priceCents, wholesaleCents: productVariants.wholesaleExclVatCents })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row!;
}
