import { MESSAGES } from '@bloomline/contract';
import { and, eq } from 'drizzle-orm';

import type { VariantComponentRate } from '@bloomline/contract';

import type { Db, Tx } from '../../db/client';
import { variantComponentRates } from '../../db/schema';
import { auditTrail } from '../../lib/audit';
import { found, notFound, ValidationError } from '../../lib/errors';
import { repriceVariant } from '../../shared/prices';
import {
  componentName,
  lineWithRate,
  lockedRate,
  lockedVariant,
  profitCentreName,
  recipeLine,
  variantExists,
} from './products.queries';
import type { RecipeLineRow } from './products.queries';
import { toRecipeLine } from './products.service';

export const NO_RATE_MESSAGE = 'The component has no rate in this profit centre.';
export const ALREADY_IN_RECIPE_MESSAGE =
  "The component is already in this variant's recipe in this profit centre.";

type Variant = { title: string; productTitle: string };

const TYPE = 'product variant component rate';

/** A recipe line as the audit log records it: what it is made of, in the API's words. */
const trail = auditTrail(TYPE, (line: RecipeLineRow) => ({
  variant_id: line.variantId,
  component_rate_id: line.rateId,
  component: line.componentName,
  profit_centre: line.profitCentreName,
  quantity: Number(line.quantity),
}));

const lineName = (line: RecipeLineRow, variant: Variant) =>
  `${line.componentName} (${line.profitCentreName}) in ${variant.productTitle} - ${variant.title}`;

async function lineOf(tx: Tx, variantId: number, lineId: number): Promise<RecipeLineRow> {
  return found(await recipeLine(tx, variantId, lineId));
}

/**
 * Locks the variant for a change of its recipe (404 when there is none). Every recipe change takes this lock
 * first, so changes to one variant's recipe run one after the other and its lines need no lock of their own.
 */
async function lockVariant(tx: Tx, variantId: number): Promise<Variant> {
  return found(await lockedVariant(tx, variantId));
}

/** The variant's price and wholesale follow its recipe, audited with the reason. */
const reprice = (tx: Tx, userId: number, variantId: number, variant: Variant) =>
  repriceVariant(tx, variantId, {
    userId,
    reason: `the recipe of ${variant.productTitle} - ${variant.title} changed`,
  });

/**
 * A variant's recipe: the component rates it is made of, in quantities. Every change reprices the variant
 * from its recipe (`repriceVariant`, which audits the variant's new price) in the same transaction, and is
 * audited itself as a 'product variant component rate'. The order screens and GET /api/product-variants/{id}
 * read the recipe live, so their guideline texts follow at once.
 */
export function createRecipesService({ db }: { db: Db }) {
  return {
    add: (
      userId: number,
      variantId: number,
      input: { component_id: number; profit_centre_id: number; quantity: number },
    ) =>
      db.transaction(async (tx): Promise<VariantComponentRate> => {
        if (!(await variantExists(tx, variantId))) throw notFound();
        if ((await componentName(tx, input.component_id)) === null)
          throw ValidationError.field('component_id', MESSAGES.invalidChoice);
        if ((await profitCentreName(tx, input.profit_centre_id)) === null)
          throw ValidationError.field('profit_centre_id', MESSAGES.invalidChoice);
        // The rate before the variant: the order a price cascade locks them in.
        const rate = await lockedRate(tx, input.component_id, input.profit_centre_id);
        if (!rate) throw ValidationError.field('profit_centre_id', NO_RATE_MESSAGE);
        const variant = await lockVariant(tx, variantId);
        if (await lineWithRate(tx, variantId, rate.id))
          throw ValidationError.field('component_id', ALREADY_IN_RECIPE_MESSAGE);
        const [row] = await tx
          .insert(variantComponentRates)
          .values({ variantId, componentRateId: rate.id, quantity: String(input.quantity) })
          .returning({ id: variantComponentRates.id });
        if (!row) throw new Error('insert returned no row');
        const added = await lineOf(tx, variantId, row.id);
        await trail.created(tx, {
          userId,
          record: added,
          message: `Component rate ${lineName(added, variant)} added.`,
        });
        await reprice(tx, userId, variantId, variant);
        return toRecipeLine(added);
      }),

    changeQuantity: (userId: number, variantId: number, lineId: number, quantity: number) =>
      db.transaction(async (tx): Promise<VariantComponentRate> => {
        const variant = await lockVariant(tx, variantId);
        const before = await lineOf(tx, variantId, lineId);
        await tx
          .update(variantComponentRates)
          .set({ quantity: String(quantity), updatedAt: new Date() })
          .where(eq(variantComponentRates.id, lineId));
        const after = await lineOf(tx, variantId, lineId);
        await trail.updated(tx, {
          userId,
          before,
          after,
          message: `Quantity of ${lineName(after, variant)} changed.`,
        });
        await reprice(tx, userId, variantId, variant);
        return toRecipeLine(after);
      }),

    remove: (userId: number, variantId: number, lineId: number) =>
      db.transaction(async (tx) => {
        const variant = await lockVariant(tx, variantId);
        const before = await lineOf(tx, variantId, lineId);
        await tx
          .delete(variantComponentRates)
          .where(and(eq(variantComponentRates.id, lineId), eq(variantComponentRates.variantId, variantId)));
        await trail.deleted(tx, {
          userId,
          record: before,
          message: `Component rate ${lineName(before, variant)} removed.`,
        });
        await reprice(tx, userId, variantId, variant);
      }),
  };
}
export type RecipesService = ReturnType<typeof createRecipesService>;
