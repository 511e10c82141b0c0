import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import {
  colours,
  componentRates,
  components,
  componentUnits,
  measureUnits,
  variantComponentRates,
} from '../db/schema';

/**
 * The colour a component without one answers with: clients of the original API read every component's
 * colour name (the seed gives every component a colour; this covers one added or left without).
 */
export const NO_COLOUR = 'Mixed';

/** One component of a variant's recipe, as `variantComponentsJson` returns it. */
export interface VariantComponentRow {
  /** The recipe line's own id (variant_component_rates.id), as `GET /api/products/{id}` gives it. */
  id: number;
  quantity: number;
  rateId: number;
  priceCents: number;
  componentId: number;
  name: string;
  unit: string | null;
  colour: string;
}

/**
 * A variant's components (quantity, rate, component, unit and colour) as a JSON array in recipe order, for
 * use as a column or inside another aggregate. `variantId` is the SQL naming the variant, e.g. a column of
 * the outer query. The one place this join is written: the variant endpoint and order detail both use it.
 */
export function variantComponentsJson(variantId: SQL): SQL<VariantComponentRow[]> {
  return sql<VariantComponentRow[]>`coalesce((
    select json_agg(json_build_object(
      'id', vcr.id, 'quantity', vcr.quantity, 'rateId', cr.id, 'priceCents', cr.price_cents, 'componentId', c.id,
      'name', c.name, 'unit', mu.name, 'colour', coalesce(col.name, ${NO_COLOUR}::text)
    ) order by vcr.id)
    from ${variantComponentRates} vcr
    join ${componentRates} cr on cr.id = vcr.component_rate_id
    join ${components} c on c.id = cr.component_id
    left join ${componentUnits} cu on cu.id = c.unit_id
    left join ${measureUnits} mu on mu.id = cu.measure_unit_id
    left join ${colours} col on col.id = c.colour_id
    where vcr.variant_id = ${variantId}
  ), '[]'::json)`;
}
