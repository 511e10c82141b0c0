import { eq } from 'drizzle-orm';

import type { MeasureUnit } from '@bloomline/contract';

import type { Db, Tx } from '../../db/client';
import { measureUnits } from '../../db/schema';
import { recordChange } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { allMeasureUnits, measureUnitById } from './measure-units.queries';

type MeasureUnitInput = {
  name: string;
  short_code: string;
};

/** The unit as it is before a change, locked for it; 404 when there is none. */
async function lockedUnit(tx: Tx, id: number): Promise<MeasureUnitInput> {
  const before = await measureUnitById(tx, id, true);
  if (!before) throw notFound();
  const { id: _id, ...values } = before;
  return values;
}

/**
 * Units of measure. A duplicate name and deleting a unit that component units count in are refused by
 * the database's own constraints, which the one error mapper turns into a 422 and a 409.
 */
export function createMeasureUnitsService({ db }: { db: Db }) {
  return {
    list: () => allMeasureUnits(db),

    create: (userId: number, input: MeasureUnitInput) =>
      db.transaction(async (tx): Promise<MeasureUnit> => {
        const [row] = await tx
          .insert(measureUnits)
          .values({ name: input.name, shortCode: input.short_code })
          .returning({ id: measureUnits.id });
        if (!row) throw new Error('insert returned no row');
        const created = { id: row.id, ...input };
        await recordChange(tx, {
          userId,
          type: 'measure unit',
          id: row.id,
          event: 'created',
          message: `Unit of measure ${input.name} created.`,
          after: input,
        });
        return created;
      }),

    update: (userId: number, id: number, input: MeasureUnitInput) =>
      db.transaction(async (tx): Promise<MeasureUnit> => {
        const before = await lockedUnit(tx, id);
        await tx
          .update(measureUnits)
          .set({ name: input.name, shortCode: input.short_code, updatedAt: new Date() })
          .where(eq(measureUnits.id, id));
        await recordChange(tx, {
          userId,
          type: 'measure unit',
          id,
          event: 'updated',
          message: `Unit of measure ${input.name} updated.`,
          before,
          after: input,
        });
        return { id, ...input };
      }),

    remove: (userId: number, id: number) =>
      db.transaction(async (tx) => {
        const before = await lockedUnit(tx, id);
        await tx.delete(measureUnits).where(eq(measureUnits.id, id));
        await recordChange(tx, {
          userId,
          type: 'measure unit',
          id,
          event: 'deleted',
          message: `Unit of measure ${before.name} deleted.`,
          before,
        });
      }),
  };
}
export type MeasureUnitsService = ReturnType<typeof createMeasureUnitsService>;
