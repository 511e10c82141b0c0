import { eq } from 'drizzle-orm';

import type { MeasureUnit } from '@bloomline/contract';

import type { Db } from '../../db/client';
import { measureUnits } from '../../db/schema';
import { auditTrail } from '../../lib/audit';
import { found } from '../../lib/errors';
import { allMeasureUnits, measureUnitById } from './units.queries';

type MeasureUnitInput = {
  name: string;
  short_code: string;
};

const trail = auditTrail('measure unit', ({ name, short_code }: MeasureUnit) => ({ name, short_code }));

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
        await trail.created(tx, {
          userId,
          record: created,
          message: `Unit of measure ${input.name} created.`,
        });
        return created;
      }),

    update: (userId: number, id: number, input: MeasureUnitInput) =>
      db.transaction(async (tx): Promise<MeasureUnit> => {
        // Locked for the change; 404 when there is none.
        const before = found(await measureUnitById(tx, id, true));
        await tx
          .update(measureUnits)
          .set({ name: input.name, shortCode: input.short_code, updatedAt: new Date() })
          .where(eq(measureUnits.id, id));
        const after = { id, ...input };
        await trail.updated(tx, { userId, before, after, message: `Unit of measure ${input.name} updated.` });
        return after;
      }),

    remove: (userId: number, id: number) =>
      db.transaction(async (tx) => {
        const before = found(await measureUnitById(tx, id, true));
        await tx.delete(measureUnits).where(eq(measureUnits.id, id));
        await trail.deleted(tx, {
          userId,
          record: before,
          message: `Unit of measure ${before.name} deleted.`,
        });
      }),
  };
}
export type MeasureUnitsService = ReturnType<typeof createMeasureUnitsService>;
