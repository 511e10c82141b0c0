import { eq } from 'drizzle-orm';

import { percentInText } from '@bloomline/contract';
import type { ProfitCentre, ProfitCentreInput, ProfitCentreSaved } from '@bloomline/contract';

import type { Db, Tx } from '../../db/client';
import { profitCentres } from '../../db/schema';
import { recordChange } from '../../lib/audit';
import { notFound, ValidationError } from '../../lib/errors';
import { repriceRates } from '../../shared/prices';
import {
  allProfitCentres,
  autoUpdateRatesCount,
  lockedProfitCentre,
  profitCentreById,
} from './profit-centres.queries';

/** A centre's fields as the API names them: what the audit records. */
type Values = { name: string; default_markup: number | null; default_auto_update: boolean; rebate: number };

const percent = (f: number | null) => (f === null ? 'none' : percentInText(f));
const numeric = (f: number | null) => (f === null ? null : f.toFixed(4));

async function read(tx: Tx, id: number): Promise<ProfitCentre> {
  const centre = await profitCentreById(tx, id);
  if (!centre) throw new Error('the profit centre just written is not there');
  return centre;
}

/** What changed among the price inputs, said for the repricing's audit entries. */
function priceChange(before: Values, after: Values): string | null {
  const parts: string[] = [];
  if (before.default_markup !== after.default_markup)
    parts.push(`default markup ${percent(before.default_markup)} → ${percent(after.default_markup)}`);
  if (before.rebate !== after.rebate)
    parts.push(`rebate ${percent(before.rebate)} → ${percent(after.rebate)}`);
  return parts.length > 0 ? `profit centre ${after.name}: ${parts.join(', ')}` : null;
}

/**
 * Profit centres. A duplicate name (in any case) is refused by the unique index `profit_centres_name_unique`,
 * which the one error mapper turns into a 422 on `name`. A new default markup or rebate reprices the centre's
 * rates and the variants built from them in the same transaction (shared/prices.ts).
 */
export function createProfitCentresService({ db }: { db: Db }) {
  return {
    list: () => allProfitCentres(db),

    async get(id: number): Promise<ProfitCentre> {
      const centre = await profitCentreById(db, id);
      if (!centre) throw notFound();
      return centre;
    },

    create: (userId: number, input: ProfitCentreInput) =>
      db.transaction(async (tx): Promise<ProfitCentre> => {
        // No markup is "no default"; no rebate is none at all.
        const values: Values = {
          name: input.name,
          default_markup: input.default_markup ?? null,
          default_auto_update: input.default_auto_update,
          rebate: input.rebate ?? 0,
        };
        const [row] = await tx
          .insert(profitCentres)
          .values({
            name: values.name,
            defaultMarkup: numeric(values.default_markup),
            defaultAutoUpdate: values.default_auto_update,
            rebate: numeric(values.rebate)!,
          })
          .returning({ id: profitCentres.id });
        if (!row) throw new Error('insert returned no row');
        await recordChange(tx, {
          userId,
          type: 'profit centre',
          id: row.id,
          event: 'created',
          message: `Profit centre ${values.name} created.`,
          after: values,
        });
        return read(tx, row.id);
      }),

    update: (userId: number, id: number, input: ProfitCentreInput) =>
      db.transaction(async (tx): Promise<ProfitCentreSaved> => {
        const row = await lockedProfitCentre(tx, id);
        if (!row) throw notFound();
        const before: Values = {
          name: row.name,
          default_markup: row.defaultMarkup === null ? null : Number(row.defaultMarkup),
          default_auto_update: row.defaultAutoUpdate,
          rebate: Number(row.rebate),
        };
        // Left out, the markup and the rebate keep their values; sent blank, the markup is "no default"
        // and the rebate none.
        const after: Values = {
          name: input.name,
          default_markup: input.default_markup === undefined ? before.default_markup : input.default_markup,
          default_auto_update: input.default_auto_update,
          rebate: input.rebate === undefined ? before.rebate : (input.rebate ?? 0),
        };
        if (after.default_markup === null && before.default_markup !== null) {
          // Rates that follow the default would be left following nothing.
          const following = await autoUpdateRatesCount(tx, id);
          if (following > 0)
            throw ValidationError.field(
              'default_markup',
              `:Attribute is required: ${String(following)} component ${following === 1 ? 'rate follows' : 'rates follow'} it (auto update).`,
            );
        }
        await tx
          .update(profitCentres)
          .set({
            name: after.name,
            defaultMarkup: numeric(after.default_markup),
            defaultAutoUpdate: after.default_auto_update,
            rebate: numeric(after.rebate)!,
            updatedAt: new Date(),
          })
          .where(eq(profitCentres.id, id));
        await recordChange(tx, {
          userId,
          type: 'profit centre',
          id,
          event: 'updated',
          message: `Profit centre ${after.name} updated.`,
          before,
          after,
        });
        const reason = priceChange(before, after);
        const repriced = reason
          ? await repriceRates(tx, { profitCentreId: id }, { userId, reason })
          : undefined;
        return { data: await read(tx, id), ...(repriced ? { repriced } : {}) };
      }),
  };
}
export type ProfitCentresService = ReturnType<typeof createProfitCentresService>;
