import type { Db } from '../db/client';
import { resetSequences } from '../db/bulk';
import * as schema from '../db/schema';
import { seedCatalogue } from '../demo-seed/catalogue';
import type { Catalogue } from '../demo-seed/catalogue';
import { makeClock } from '../demo-seed/dates';

/**
 * The demo catalogue (colours, units, components, profit centres with every component priced in each,
 * products and variants priced from their recipes) on a test database, with VAT at the fixtures' 15 %.
 * The seed writes its own ids, so the sequences are moved past them for the rows a test adds.
 */
export async function seedTestCatalogue(db: Db): Promise<Catalogue> {
  const catalogue = await seedCatalogue(db, makeClock(new Date('2025-06-01T08:00:00Z')), 0.15, []);
  await resetSequences(db, [
    schema.colours,
    schema.measureUnits,
    schema.componentUnits,
    schema.components,
    schema.profitCentres,
    schema.componentRates,
    schema.products,
    schema.productImages,
    schema.productVariants,
    schema.variantComponentRates,
    schema.productPartners,
  ]);
  return catalogue;
}
