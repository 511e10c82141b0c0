import { eq } from 'drizzle-orm';

import type { Colour, ColourBody } from '@bloomline/contract';

import type { Db } from '../../db/client';
import { colours } from '../../db/schema';
import { auditTrail } from '../../lib/audit';
import { found } from '../../lib/errors';
import { allColours, colourById } from './colours.queries';

type ColourInput = Required<ColourBody>;

const trail = auditTrail('colour', ({ name }: Colour) => ({ name }));

/**
 * Colours. A duplicate name (any case) and deleting a colour components are in are refused by the
 * database's own constraints, which the one error mapper turns into a 422 on name and a 409.
 */
export function createColoursService({ db }: { db: Db }) {
  return {
    list: () => allColours(db),

    get: async (id: number): Promise<Colour> => found(await colourById(db, id)),

    create: (userId: number, input: ColourInput) =>
      db.transaction(async (tx): Promise<Colour> => {
        const [row] = await tx.insert(colours).values({ name: input.name }).returning({ id: colours.id });
        if (!row) throw new Error('insert returned no row');
        const created = { id: row.id, name: input.name };
        await trail.created(tx, { userId, record: created, message: `Colour ${input.name} created.` });
        return created;
      }),

    update: (userId: number, id: number, input: ColourInput) =>
      db.transaction(async (tx): Promise<Colour> => {
        // Locked for the change; 404 when there is none.
        const before = found(await colourById(tx, id, true));
        await tx.update(colours).set({ name: input.name, updatedAt: new Date() }).where(eq(colours.id, id));
        const after = { id, name: input.name };
        await trail.updated(tx, { userId, before, after, message: `Colour ${input.name} updated.` });
        return after;
      }),

    remove: (userId: number, id: number) =>
      db.transaction(async (tx) => {
        const before = found(await colourById(tx, id, true));
        await tx.delete(colours).where(eq(colours.id, id));
        await trail.deleted(tx, { userId, record: before, message: `Colour ${before.name} deleted.` });
      }),
  };
}
export type ColoursService = ReturnType<typeof createColoursService>;
