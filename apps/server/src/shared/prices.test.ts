import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ratePrice, variantTotals } from '@bloomline/contract';

import type { Db } from '../db/client';
import {
  auditEntries,
  colours,
  componentRates,
  components,
  componentUnits,
  measureUnits,
  products,
  productVariants,
  profitCentres,
  settings,
  variantComponentRates,
} from '../db/schema';
import { createHarness } from '../test/harness';
import type { Harness } from '../test/harness';
import { repriceRates, repriceVariant } from './prices';

let h: Harness;
let db: Db;
const by = { userId: null, reason: 'a test changed an input' };

/** A small catalogue: two components, two profit centres (one auto-updating), every rate, one variant. */
async function catalogue() {
  const [colour] = await db.insert(colours).values({ name: 'Red' }).returning();
  const [mu] = await db.insert(measureUnits).values({ name: 'Stem', shortCode: 'st' }).returning();
  const [unit] = await db.insert(componentUnits).values({ quantity: '1', measureUnitId: mu!.id }).returning();
  const [rose, vase] = await db
    .insert(components)
    .values([
      { name: 'Rose', wholesaleExclVatCents: 1250, unitId: unit!.id, colourId: colour!.id },
      { name: 'Vase', wholesaleExclVatCents: 4999, unitId: unit!.id, colourId: colour!.id },
    ])
    .returning();
  const [web, shop] = await db
    .insert(profitCentres)
    .values([
      { name: 'Web', defaultMarkup: '1.1000', defaultAutoUpdate: true, rebate: '0.0500' },
      { name: 'Shop', defaultMarkup: '0.8000', defaultAutoUpdate: false, rebate: '0' },
    ])
    .returning();
  const rates = await db
    .insert(componentRates)
    .values([
      {
        componentId: rose!.id,
        profitCentreId: web!.id,
        markup: '1.1000',
        autoUpdate: true,
        rebate: '0.0500',
      },
      {
        componentId: vase!.id,
        profitCentreId: web!.id,
        markup: '1.1000',
        autoUpdate: true,
        rebate: '0.0500',
      },
      { componentId: rose!.id, profitCentreId: shop!.id, markup: '0.6500', autoUpdate: false, rebate: '0' },
    ])
    .returning();
  const [product] = await db.insert(products).values({ title: 'Roses', handle: 'roses' }).returning();
  const [variant] = await db
    .insert(productVariants)
    .values({ productId: product!.id, title: 'Standard' })
    .returning();
  await db.insert(variantComponentRates).values([
    { variantId: variant!.id, componentRateId: rates[0]!.id, quantity: '12' },
    { variantId: variant!.id, componentRateId: rates[1]!.id, quantity: '1' },
  ]);
  return { rose: rose!, vase: vase!, web: web!, shop: shop!, rates, variant: variant! };
}

let c: Awaited<ReturnType<typeof catalogue>>;

const rateRow = async (id: number) =>
  (await db.select().from(componentRates).where(eq(componentRates.id, id)))[0]!;
const variantRow = async (id: number) =>
  (await db.select().from(productVariants).where(eq(productVariants.id, id)))[0]!;
const audits = async (type: string) =>
  (await db.select().from(auditEntries).where(eq(auditEntries.propertyType, type))).length;

/** What the variant must cost now, computed from the rows with the contract's functions. */
async function expectedVariant() {
  const recipe = await db
    .select({
      q: variantComponentRates.quantity,
      p: componentRates.priceCents,
      w: components.wholesaleExclVatCents,
    })
    .from(variantComponentRates)
    .innerJoin(componentRates, eq(componentRates.id, variantComponentRates.componentRateId))
    .innerJoin(components, eq(components.id, componentRates.componentId))
    .where(eq(variantComponentRates.variantId, c.variant.id));
  return variantTotals(recipe.map((r) => ({ quantity: Number(r.q), priceCents: r.p, wholesaleCents: r.w })));
}

beforeAll(async () => {
  h = await createHarness();
  db = h.database.db;
  c = await catalogue();
});
afterAll(() => h.close());

describe('prices follow their inputs', () => {
  it('prices every rate and the variant from scratch', async () => {
    const result = await db.transaction((tx) => repriceRates(tx, { all: true }, by));
    expect(result).toEqual({ rates: 3, variants: 1 });
    const rose = await rateRow(c.rates[0]!.id);
    expect(rose.priceCents).toBe(
      ratePrice({ wholesaleCents: 1250, markup: 1.1, vat: 0.15, rebate: 0.05 }).priceCents,
    );
    expect(rose.vatCents).toBe(
      ratePrice({ wholesaleCents: 1250, markup: 1.1, vat: 0.15, rebate: 0.05 }).vatCents,
    );
    const v = await variantRow(c.variant.id);
    const expected = await expectedVariant();
    expect({ priceCents: v.priceCents, wholesaleCents: v.wholesaleExclVatCents }).toEqual(expected);
    // 12 × R12.50 + R49.99 wholesale
    expect(v.wholesaleExclVatCents).toBe(19999);
  });

  it('writes and audits nothing when nothing changed', async () => {
    const before = await audits('component rate');
    expect(await db.transaction((tx) => repriceRates(tx, { all: true }, by))).toEqual({
      rates: 0,
      variants: 0,
    });
    expect(await audits('component rate')).toBe(before);
  });

  it("follows a component's wholesale price, to its rates and the variants using them", async () => {
    await db.update(components).set({ wholesaleExclVatCents: 1300 }).where(eq(components.id, c.rose.id));
    const result = await db.transaction((tx) => repriceRates(tx, { componentId: c.rose.id }, by));
    expect(result).toEqual({ rates: 2, variants: 1 });
    expect((await rateRow(c.rates[2]!.id)).priceCents).toBe(
      ratePrice({ wholesaleCents: 1300, markup: 0.65, vat: 0.15, rebate: 0 }).priceCents,
    );
    const v = await variantRow(c.variant.id);
    expect({ priceCents: v.priceCents, wholesaleCents: v.wholesaleExclVatCents }).toEqual(
      await expectedVariant(),
    );
    const [entry] = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.propertyType, 'product variant'), eq(auditEntries.propertyId, c.variant.id)))
      .orderBy(sql`${auditEntries.id} desc`)
      .limit(1);
    expect(entry!.newValues).toMatchObject({ wholesale_excl_vat: 205.99 });
  });

  it("gives auto-update rates a profit centre's new default markup and every rate its rebate", async () => {
    await db
      .update(profitCentres)
      .set({ defaultMarkup: '1.2500', rebate: '0.1000' })
      .where(eq(profitCentres.id, c.web.id));
    await db.transaction((tx) => repriceRates(tx, { profitCentreId: c.web.id }, by));
    const rose = await rateRow(c.rates[0]!.id);
    expect([Number(rose.markup), Number(rose.rebate)]).toEqual([1.25, 0.1]);
    expect(rose.priceCents).toBe(
      ratePrice({ wholesaleCents: 1300, markup: 1.25, vat: 0.15, rebate: 0.1 }).priceCents,
    );
    // The other centre's rate keeps its own markup.
    expect(Number((await rateRow(c.rates[2]!.id)).markup)).toBe(0.65);
  });

  it('follows VAT everywhere', async () => {
    await db.update(settings).set({ value: 0.16 }).where(eq(settings.key, 'vat'));
    await db.transaction((tx) => repriceRates(tx, { all: true }, by));
    expect((await rateRow(c.rates[1]!.id)).priceCents).toBe(
      ratePrice({ wholesaleCents: 4999, markup: 1.25, vat: 0.16, rebate: 0.1 }).priceCents,
    );
    const v = await variantRow(c.variant.id);
    expect(v.priceCents).toBe((await expectedVariant()).priceCents);
  });

  it('keeps the last price of a variant whose recipe is empty', async () => {
    const before = (await variantRow(c.variant.id)).priceCents;
    await db
      .transaction(async (tx) => {
        await tx.delete(variantComponentRates).where(eq(variantComponentRates.variantId, c.variant.id));
        expect(await repriceVariant(tx, c.variant.id, by)).toBe(0);
        tx.rollback();
      })
      .catch(() => undefined);
    expect((await variantRow(c.variant.id)).priceCents).toBe(before);
  });

  it.runIf(process.env.DATABASE_URL)(
    'computes from the committed inputs when two changes over the same rate run at once',
    async () => {
      // Two transactions: one changes the rose's wholesale, the other the Web centre's markup; both reprice the
      // rose's Web rate. Whichever waits must price it from what the other committed.
      const first = db.transaction(async (tx) => {
        await tx.update(components).set({ wholesaleExclVatCents: 1400 }).where(eq(components.id, c.rose.id));
        await repriceRates(tx, { componentId: c.rose.id }, by);
        await new Promise((r) => setTimeout(r, 300));
      });
      await new Promise((r) => setTimeout(r, 100));
      const second = db.transaction(async (tx) => {
        await tx.update(profitCentres).set({ defaultMarkup: '1.5000' }).where(eq(profitCentres.id, c.web.id));
        await repriceRates(tx, { profitCentreId: c.web.id }, by);
      });
      await Promise.all([first, second]);
      const rose = await rateRow(c.rates[0]!.id);
      expect(rose.priceCents).toBe(
        ratePrice({ wholesaleCents: 1400, markup: 1.5, vat: 0.16, rebate: 0.1 }).priceCents,
      );
    },
  );
});
