import { z } from 'zod';

import { idField, idParams, pathId } from './fields';
import { formBoolean, formNumber, formOptionalFraction, fraction } from './forms';
import { dataOf } from './paging';
import { recordRoutes } from './record-routes';
import { route } from './routes';
import { requiredString } from './validation';

/**
 * Bounds of the fractions (part 2, point 5). A markup from 0 % to 1000 %; a rebate below 100 %, since the
 * price divides by (1 − rebate): at most 90 %, which already makes a price ten times its base.
 */
export const MARKUP_MAX = 10;
export const REBATE_MAX = 0.9;
export const VAT_MAX = 1;

/** A profit centre: a sales channel with its own default markup and rebate (fractions). */
export const profitCentre = z.object({
  id: z.number(),
  name: z.string(),
  default_markup: z.number().nullable(),
  default_auto_update: z.boolean(),
  rebate: z.number(),
  /** How many component rates it prices. */
  ratesCount: z.number(),
});
export type ProfitCentre = z.infer<typeof profitCentre>;

/**
 * POST /api/profit-centres and PUT /api/profit-centres/{id}: fractions, as the form sends them (it shows
 * percentages). A blank markup is "no default" (null), which auto-updating rates cannot follow.
 */
export const profitCentreBody = z
  .object({
    name: requiredString(100),
    default_markup: formOptionalFraction(0, MARKUP_MAX).optional(),
    default_auto_update: formBoolean().default(false),
    rebate: formNumber().pipe(fraction(0, REBATE_MAX).nullable()).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.default_auto_update && (body.default_markup ?? null) === null)
      ctx.addIssue({
        code: 'custom',
        path: ['default_markup'],
        message: ':Attribute is required when auto update is on.',
      });
  });
export type ProfitCentreBody = z.input<typeof profitCentreBody>;
export type ProfitCentreInput = z.output<typeof profitCentreBody>;

/** A component's price in one profit centre (part 2, "Component rate"). Money in rand, fractions as such. */
export const componentRate = z.object({
  id: z.number(),
  component_id: z.number(),
  profit_centre_id: z.number(),
  profitCentre: z.object({
    id: z.number(),
    name: z.string(),
    rebate: z.number(),
    default_markup: z.number().nullable(),
  }),
  component: z.object({ id: z.number(), name: z.string(), wholesale_excl_vat: z.number() }),
  markup: z.number(),
  auto_update: z.boolean(),
  /** The VAT on the marked-up wholesale price, in rand. */
  vat: z.number(),
  price: z.number(),
  rebate: z.number(),
  /** How many product variants use it: while above 0 it cannot be deleted. */
  variantsCount: z.number(),
});
export type ComponentRate = z.infer<typeof componentRate>;

/**
 * POST /api/components/{id}/rates (and PUT there: the component's rate in that profit centre, created or
 * changed) and PUT /api/components/{id}/rates/{rateId}. The server prices the rate itself: `vat`, `price`
 * and `rebate` are read (the original client sends them) but the answer carries what the contract's
 * `ratePrice` gives. With `auto_update` the markup is the profit centre's default.
 */
export const componentRateBody = z
  .object({
    profit_centre_id: idField(),
    auto_update: formBoolean().default(false),
    markup: formOptionalFraction(0, MARKUP_MAX).optional(),
    vat: formNumber().optional(),
    price: formNumber().optional(),
    rebate: formNumber().optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.auto_update && (body.markup ?? null) === null)
      ctx.addIssue({
        code: 'custom',
        path: ['markup'],
        message: ':Attribute is required when auto update is off.',
      });
  });
export type ComponentRateBody = z.input<typeof componentRateBody>;
export type ComponentRateInput = z.output<typeof componentRateBody>;

/** Path parameters of `/api/components/{id}/rates/{rateId}`: both ids read like any path id (bad → 404). */
export const rateParams = z.object({ id: pathId(), rateId: pathId() });

/**
 * A component's rates, one per profit centre (staff only; JSON bodies). The PUT on the list sets the rate
 * in the body's profit centre: 200 when it changed one, 201 when it created it (the same answer).
 */
export const componentRateRoutes = {
  list: route({
    method: 'GET',
    path: '/api/components/:id/rates',
    params: idParams,
    answer: dataOf(z.array(componentRate)),
  }),
  create: route({
    method: 'POST',
    path: '/api/components/:id/rates',
    params: idParams,
    body: componentRateBody,
    answer: dataOf(componentRate),
  }),
  put: route({
    method: 'PUT',
    path: '/api/components/:id/rates',
    params: idParams,
    body: componentRateBody,
    answer: dataOf(componentRate),
  }),
  update: route({
    method: 'PUT',
    path: '/api/components/:id/rates/:rateId',
    params: rateParams,
    body: componentRateBody,
    answer: dataOf(componentRate),
  }),
  remove: route({ method: 'DELETE', path: '/api/components/:id/rates/:rateId', params: rateParams }),
};

/**
 * What a change of a price input repriced in the same transaction: the component rates whose figures
 * changed and the product variants built from them. Sent beside `data` by the writes that cascade.
 */
export const repriced = z.object({ rates: z.number(), variants: z.number() });
export type Repriced = z.infer<typeof repriced>;

/** What a save that moved prices says: how many rates and variants followed. */
export function repricedMessage({ rates, variants }: Repriced): string {
  const plural = (n: number, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(rates, 'component rate')} and ${plural(variants, 'product variant')} repriced.`;
}

/** The answer of PUT /api/profit-centres/{id}: the centre, and what its new markup or rebate repriced. */
export const profitCentreSaved = z.object({ data: profitCentre, repriced: repriced.optional() });
export type ProfitCentreSaved = z.infer<typeof profitCentreSaved>;

/** The profit centres' routes (staff only; JSON bodies, fractions). */
export const profitCentreRoutes = {
  list: route({ method: 'GET', path: '/api/profit-centres', answer: dataOf(z.array(profitCentre)) }),
  ...recordRoutes('/api/profit-centres', { record: profitCentre, body: profitCentreBody }, ['get', 'create']),
  /** An update answers what its new default markup or rebate repriced. */
  update: route({
    method: 'PUT',
    path: '/api/profit-centres/:id',
    params: idParams,
    body: profitCentreBody,
    answer: profitCentreSaved,
  }),
};
