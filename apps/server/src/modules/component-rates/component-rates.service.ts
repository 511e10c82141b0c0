import { MESSAGES } from '@bloomline/contract';
import { eq } from 'drizzle-orm';

import type { ComponentRate, ComponentRateInput } from '@bloomline/contract';

import type { Db, Tx } from '../../db/client';
import { componentRates } from '../../db/schema';
import { auditTrail } from '../../lib/audit';
import { conflict, found, notFound, ValidationError } from '../../lib/errors';
import { repriceRates } from '../../shared/prices';
import {
  componentExists,
  lockedComponent,
  lockedRate,
  rateInProfitCentre,
  rateOfComponent,
  ratesOfComponent,
  sharedProfitCentre,
  variantsUsing,
} from './component-rates.queries';

export const DUPLICATE_RATE = 'The component already has a rate in this profit centre.';
export const inUseMessage = (n: number) =>
  `This component rate cannot be deleted: it is used by ${String(n)} product ${n === 1 ? 'variant' : 'variants'}.`;

/** A rate as the audit records it: the API's names, money in rand. */
const trail = auditTrail('component rate', (r: ComponentRate) => ({
  profit_centre_id: r.profit_centre_id,
  markup: r.markup,
  auto_update: r.auto_update,
  rebate: r.rebate,
  vat: r.vat,
  price: r.price,
}));

type Component = { id: number; name: string };

async function read(tx: Tx, componentId: number, rateId: number): Promise<ComponentRate> {
  const rate = await rateOfComponent(tx, componentId, rateId);
  if (!rate) throw new Error('the component rate just written is not there');
  return rate;
}

/**
 * The profit centre the rate is to be priced in, and the markup to store: the centre's default while the
 * rate auto-updates (a centre without one cannot be followed), else the one given.
 */
async function pricingInputs(tx: Tx, input: ComponentRateInput) {
  const centre = await sharedProfitCentre(tx, input.profit_centre_id);
  if (!centre) throw ValidationError.field('profit_centre_id', MESSAGES.invalidChoice);
  if (input.auto_update && centre.defaultMarkup === null)
    throw ValidationError.field(
      'auto_update',
      `:Attribute cannot be on: the profit centre ${centre.name} has no default markup.`,
    );
  const markup = input.auto_update ? centre.defaultMarkup! : input.markup!.toFixed(4);
  return { centre, values: { markup, autoUpdate: input.auto_update } };
}

type Priced = Awaited<ReturnType<typeof pricingInputs>>;

/**
 * Component rates. The server prices a rate itself: it writes the inputs (profit centre, markup, auto
 * update) and `repriceRates` sets the rebate, VAT and price with the contract's `ratePrice` and reprices the
 * variants that use the rate, in the same transaction; what the client sends as vat, price or rebate is
 * read and ignored. Creates lock the component row, so two requests cannot both add its rate in one centre.
 */
export function createComponentRatesService({ db }: { db: Db }) {
  async function insert(tx: Tx, userId: number, component: Component, priced: Priced) {
    const { centre, values } = priced;
    if (await rateInProfitCentre(tx, component.id, centre.id))
      throw ValidationError.field('profit_centre_id', DUPLICATE_RATE);
    const [row] = await tx
      .insert(componentRates)
      .values({ componentId: component.id, profitCentreId: centre.id, ...values })
      .returning({ id: componentRates.id });
    if (!row) throw new Error('insert returned no row');
    await repriceRates(
      tx,
      { rateId: row.id },
      { userId, reason: `it was added for ${component.name} in ${centre.name}` },
    );
    const created = await read(tx, component.id, row.id);
    await trail.created(tx, {
      userId,
      record: created,
      message: `Component rate of ${component.name} in ${centre.name} created.`,
    });
    return created;
  }

  async function change(tx: Tx, userId: number, component: Component, rateId: number, priced: Priced) {
    const before = await read(tx, component.id, rateId);
    const { centre, values } = priced;
    // A rate stays in its profit centre: the variants built from it were costed there.
    if (centre.id !== before.profit_centre_id)
      throw ValidationError.field(
        'profit_centre_id',
        'The profit centre of a component rate cannot be changed: add a rate in the other profit centre.',
      );
    await tx
      .update(componentRates)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(componentRates.id, rateId));
    await repriceRates(
      tx,
      { rateId },
      { userId, reason: `the rate of ${component.name} in ${centre.name} was changed` },
    );
    const after = await read(tx, component.id, rateId);
    await trail.updated(tx, {
      userId,
      before,
      after,
      message: `Component rate of ${component.name} in ${centre.name} updated.`,
    });
    return after;
  }

  async function component(tx: Tx, id: number): Promise<Component> {
    return found(await lockedComponent(tx, id));
  }

  return {
    async list(componentId: number): Promise<ComponentRate[]> {
      const rates = await ratesOfComponent(db, componentId);
      if (rates.length === 0 && !(await componentExists(db, componentId))) throw notFound();
      return rates;
    },

    // Locks are taken in one order (component, profit centre, rate) by every write here, and a profit
    // centre's own update takes its centre before its rates, so the two never wait for each other in a ring.
    create: (userId: number, componentId: number, input: ComponentRateInput) =>
      db.transaction(async (tx) => {
        const c = await component(tx, componentId);
        return insert(tx, userId, c, await pricingInputs(tx, input));
      }),

    /** The component's rate in `input`'s profit centre: changed when there is one, else created. */
    put: (userId: number, componentId: number, input: ComponentRateInput) =>
      db.transaction(async (tx): Promise<{ rate: ComponentRate; created: boolean }> => {
        const c = await component(tx, componentId);
        const priced = await pricingInputs(tx, input);
        const existing = await rateInProfitCentre(tx, componentId, priced.centre.id);
        return existing
          ? { rate: await change(tx, userId, c, existing.id, priced), created: false }
          : { rate: await insert(tx, userId, c, priced), created: true };
      }),

    update: (userId: number, componentId: number, rateId: number, input: ComponentRateInput) =>
      db.transaction(async (tx) => {
        const c = await component(tx, componentId);
        // A rate of another component is as missing as one that does not exist, whatever the body says.
        if (!(await rateOfComponent(tx, componentId, rateId))) throw notFound();
        const priced = await pricingInputs(tx, input);
        if (!(await lockedRate(tx, componentId, rateId))) throw notFound();
        return change(tx, userId, c, rateId, priced);
      }),

    remove: (userId: number, componentId: number, rateId: number) =>
      db.transaction(async (tx) => {
        const c = await component(tx, componentId);
        if (!(await lockedRate(tx, componentId, rateId))) throw notFound();
        const before = await read(tx, componentId, rateId);
        // Locked, the rate cannot be put in a recipe meanwhile (the reference takes a key-share lock on it).
        const used = await variantsUsing(tx, rateId);
        if (used > 0) throw conflict(inUseMessage(used));
        await tx.delete(componentRates).where(eq(componentRates.id, rateId));
        await trail.deleted(tx, {
          userId,
          record: before,
          message: `Component rate of ${c.name} in ${before.profitCentre.name} deleted.`,
        });
      }),
  };
}
export type ComponentRatesService = ReturnType<typeof createComponentRatesService>;
