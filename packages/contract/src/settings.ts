import { z } from 'zod';

import { formBoolean, formNumber, fraction } from './forms';
import { dataOf } from './paging';
import { repriced, VAT_MAX } from './profit-centres';
import { route } from './routes';

/** PUT /api/settings/vat: the VAT rate every price is built with (a fraction, 0.15 = 15 %). */
export const vatBody = z.object({ vat: formNumber().pipe(fraction(0, VAT_MAX)) });
export type VatBody = z.input<typeof vatBody>;
/** GET /api/settings/vat (and PUT's answer, with what the new rate repriced). */
export const vatRate = z.object({ vat: z.number() });
export type VatRate = z.infer<typeof vatRate>;
/** The answer of PUT /api/settings/vat: the rate, and what it repriced (nothing when the rate is unchanged). */
export const vatSaved = z.object({ data: vatRate, repriced: repriced.optional() });
export type VatSaved = z.infer<typeof vatSaved>;

/** The statements feature (`features.statements` in /api/me): staff switch it; on by default. */
export const statementsFeature = z.object({ statements: z.boolean() });
export type StatementsFeature = z.infer<typeof statementsFeature>;
/** PUT /api/settings/statements. */
export const statementsFeatureBody = z.object({ statements: formBoolean() });
export type StatementsFeatureBody = z.input<typeof statementsFeatureBody>;

/** The settings' routes: anyone signed in reads them; only staff change them (JSON bodies). */
export const settingRoutes = {
  vat: route({ method: 'GET', path: '/api/settings/vat', answer: dataOf(vatRate) }),
  updateVat: route({ method: 'PUT', path: '/api/settings/vat', body: vatBody, answer: vatSaved }),
  statements: route({ method: 'GET', path: '/api/settings/statements', answer: dataOf(statementsFeature) }),
  updateStatements: route({
    method: 'PUT',
    path: '/api/settings/statements',
    body: statementsFeatureBody,
    answer: dataOf(statementsFeature),
  }),
};
