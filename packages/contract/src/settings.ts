import { z } from 'zod';

import { formBoolean, formNumber, fraction } from './forms';
import { percentInText } from './money';
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

/**
 * GET /api/settings/vat/preview?vat=0.16 (issue 46): what saving that rate would reprice, worked out by the
 * save itself in a transaction that is then undone, so the question asked before saving names the real
 * counts. `current` is the rate now: when it equals `vat` nothing changes and there is nothing to ask.
 */
export const vatPreview = z.object({ vat: z.number(), current: z.number(), repriced });
export type VatPreview = z.infer<typeof vatPreview>;

/** The question asked before a new VAT rate is saved: what it reprices, and that orders keep theirs. */
export function vatChangeQuestion({ vat, repriced: { rates, variants } }: VatPreview): string {
  const plural = (n: number, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`;
  return (
    `Changing VAT to ${percentInText(vat)} reprices ${plural(rates, 'catalogue rate')} and ` +
    `${plural(variants, 'product variant')}. Orders keep the VAT they were assigned with.`
  );
}

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
  previewVat: route({
    method: 'GET',
    path: '/api/settings/vat/preview',
    query: vatBody,
    answer: dataOf(vatPreview),
  }),
  statements: route({ method: 'GET', path: '/api/settings/statements', answer: dataOf(statementsFeature) }),
  updateStatements: route({
    method: 'PUT',
    path: '/api/settings/statements',
    body: statementsFeatureBody,
    answer: dataOf(statementsFeature),
  }),
};
