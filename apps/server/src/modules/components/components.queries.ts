import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';

import type { ComponentListQuery } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { colours, componentRates, components, componentUnits, measureUnits } from '../../db/schema';
import { searchWhere, sortBy, sqlInteger, totalRows } from '../../lib/paged-list';

const measureUnitJson = sql<{ id: number; name: string; short_code: string }>`json_build_object(
  'id', ${measureUnits.id}, 'name', ${measureUnits.name}, 'short_code', ${measureUnits.shortCode})`;

/** A component's columns as the API reads them (money still in cents, the picture as its file name). */
const componentColumns = {
  id: components.id,
  name: components.name,
  wholesaleCents: components.wholesaleExclVatCents,
  container: components.container,
  exclude_auto_calculations: components.excludeAutoCalculations,
  show_on_menu: components.showOnMenu,
  isCommission: components.isCommission,
  imageFile: components.imageFile,
  unit_id: components.unitId,
  colour_id: components.colourId,
  // A component unit is named by its measure unit, as the variants' guideline texts name it.
  unit: sql<{
    id: number;
    name: string;
    quantity: string;
    measureUnit: { id: number; name: string; short_code: string };
  } | null>`case when ${componentUnits.id} is null then null else json_build_object(
    'id', ${componentUnits.id}, 'name', ${measureUnits.name}, 'quantity', ${componentUnits.quantity},
    'measureUnit', ${measureUnitJson}) end`,
  colour: sql<{ id: number; name: string } | null>`case when ${colours.id} is null then null
    else json_build_object('id', ${colours.id}, 'name', ${colours.name}) end`,
  ratesCount: sql<number>`(select count(*)::int from ${componentRates}
    where ${componentRates.componentId} = ${components.id})`,
};

const SORTS = {
  name: sql`lower(${components.name})`,
  wholesale_excl_vat: components.wholesaleExclVatCents,
};

/** A query over components with their unit, its measure unit and their colour joined. */
function withRefs<T extends PgSelect>(query: T) {
  return query
    .leftJoin(componentUnits, eq(componentUnits.id, components.unitId))
    .leftJoin(measureUnits, eq(measureUnits.id, componentUnits.measureUnitId))
    .leftJoin(colours, eq(colours.id, components.colourId));
}

/** One page of components with their unit, colour and number of rates, and the list's size: one statement. */
export function componentPage(
  db: DbOrTx,
  request: ComponentListQuery,
  page: { limit: number; offset: number },
) {
  return withRefs(
    db
      .select({ ...componentColumns, total_rows: totalRows() })
      .from(components)
      .$dynamic(),
  )
    .where(searchWhere(request.q, [components.name]))
    .orderBy(...sortBy(SORTS, request.s, request.d, components.id))
    .limit(sqlInteger(page.limit))
    .offset(sqlInteger(page.offset));
}

export async function componentCount(db: DbOrTx, request: ComponentListQuery): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(components)
    .where(searchWhere(request.q, [components.name]));
  return row?.n ?? 0;
}

export async function componentById(db: DbOrTx, id: number) {
  const [row] = await withRefs(db.select(componentColumns).from(components).$dynamic()).where(
    eq(components.id, id),
  );
  return row ?? null;
}

export type ComponentRow = NonNullable<Awaited<ReturnType<typeof componentById>>>;

/** The stored row of a component, locked for a change that reads it to decide. */
export async function lockedComponent(db: DbOrTx, id: number) {
  const [row] = await db.select().from(components).where(eq(components.id, id)).for('update');
  return row ?? null;
}

/** Which of a unit and a colour exist (each true when not asked about). */
export async function referencesExist(
  db: DbOrTx,
  refs: { unitId?: number | null; colourId?: number | null },
) {
  const has = async (table: typeof componentUnits | typeof colours, id: number | null | undefined) => {
    if (id === null || id === undefined) return true;
    const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
    return row !== undefined;
  };
  return { unit: await has(componentUnits, refs.unitId), colour: await has(colours, refs.colourId) };
}

/** How many components show the picture stored in `file`. */
export async function componentsWithImage(db: DbOrTx, file: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(components)
    .where(eq(components.imageFile, file));
  return row?.n ?? 0;
}

// --- component units -------------------------------------------------------------------------------------

const unitColumns = {
  id: componentUnits.id,
  quantity: componentUnits.quantity,
  measure_unit_id: componentUnits.measureUnitId,
  measureUnit: { id: measureUnits.id, name: measureUnits.name, short_code: measureUnits.shortCode },
};

const unitsWithMeasure = (db: DbOrTx) =>
  db
    .select(unitColumns)
    .from(componentUnits)
    .innerJoin(measureUnits, eq(measureUnits.id, componentUnits.measureUnitId));

/** Every component unit, by its measure unit's name and then its quantity. */
export const allComponentUnits = (db: DbOrTx) =>
  unitsWithMeasure(db).orderBy(
    asc(sql`lower(${measureUnits.name})`),
    asc(componentUnits.quantity),
    asc(componentUnits.id),
  );

export async function componentUnitById(db: DbOrTx, id: number) {
  const [row] = await unitsWithMeasure(db).where(eq(componentUnits.id, id));
  return row ?? null;
}

/** The measure unit, locked so that units of it are added one at a time (the duplicate check holds). */
export async function lockedMeasureUnit(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: measureUnits.id, name: measureUnits.name })
    .from(measureUnits)
    .where(eq(measureUnits.id, id))
    .for('update');
  return row ?? null;
}

export async function sameComponentUnit(db: DbOrTx, quantity: number, measureUnitId: number) {
  const [row] = await db
    .select({ id: componentUnits.id })
    .from(componentUnits)
    .where(
      and(eq(componentUnits.measureUnitId, measureUnitId), eq(componentUnits.quantity, String(quantity))),
    );
  return row ?? null;
}

/** The picture a component shows, if any. */
export async function imageOf(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ file: components.imageFile, mime: components.imageMime })
    .from(components)
    .where(eq(components.id, id));
  return row ?? null;
}
