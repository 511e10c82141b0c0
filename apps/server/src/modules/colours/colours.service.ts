import { eq } from 'drizzle-orm';

import type { Colour, ColourBody } from '@bloomline/contract';

import type { Db, Tx } from '../../db/client';
import { colours } from '../../db/schema';
import { recordChange } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { allColours, colourById } from './colours.queries';

type ColourInput = Required<ColourBody>;

/** The colour as it is before a change, locked for it; 404 when there is none. */
async function lockedColour(tx: Tx, id: number): Promise<ColourInput> {
  const before = await colourById(tx, id, true);
  if (!before) throw notFound();
  return { name: before.name };
}

/**
 * Colours. A duplicate name (any case) and deleting a colour components are in are refused by the
 * database's own constraints, which the one error mapper turns into a 422 on name and a 409.
 */
export function createColoursService({ db }: { db: Db }) {
  return {
    list: () => allColours(db),

    async get(id: number): Promise<Colour> {
      const colour = await colourById(db, id);
      if (!colour) throw notFound();
      return colour;
    },

    create: (userId: number, input: ColourInput) =>
      db.transaction(async (tx): Promise<Colour> => {
        const [row] = await tx.insert(colours).values({ name: input.name }).returning({ id: colours.id });
        if (!row) throw new Error('insert returned no row');
        await recordChange(tx, {
          userId,
          type: 'colour',
          id: row.id,
          event: 'created',
          message: `Colour ${input.name} created.`,
          after: input,
        });
        return { id: row.id, name: input.name };
      }),

    update: (userId: number, id: number, input: ColourInput) =>
      db.transaction(async (tx): Promise<Colour> => {
        const before = await lockedColour(tx, id);
        await tx.update(colours).set({ name: input.name, updatedAt: new Date() }).where(eq(colours.id, id));
        await recordChange(tx, {
          userId,
          type: 'colour',
          id,
          event: 'updated',
          message: `Colour ${input.name} updated.`,
          before,
          after: input,
        });
        return { id, name: input.name };
      }),

    remove: (userId: number, id: number) =>
      db.transaction(async (tx) => {
        const before = await lockedColour(tx, id);
        await tx.delete(colours).where(eq(colours.id, id));
        await recordChange(tx, {
          userId,
          type: 'colour',
          id,
          event: 'deleted',
          message: `Colour ${before.name} deleted.`,
          before,
        });
      }),
  };
}
export type ColoursService = ReturnType<typeof createColoursService>;
