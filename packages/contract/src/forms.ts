import { z } from 'zod';

import { formatMoney, parseMoney } from './money';
import { MESSAGES } from './validation';

/**
 * Form fields as Laravel reads them, so one schema serves JSON, urlencoded and multipart bodies alike:
 * a form sends every value as text, JSON sends it typed, and a blank text means "not given"
 * (ConvertEmptyStringsToNull).
 */

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const TRUE_WORDS = new Set(['1', 'true', 'on', 'yes']);
const FALSE_WORDS = new Set(['0', 'false', 'off', 'no']);

/** Laravel's `boolean` rule: true, false, 1, 0, "1", "0", "true", "false" (and a checkbox's "on"/"off"). */
export const formBoolean = () =>
  z.preprocess((v) => {
    if (typeof v === 'number' && (v === 0 || v === 1)) return v === 1;
    if (typeof v !== 'string') return v;
    const word = v.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
    return v;
  }, z.boolean());

/** A number a form may send as text; blank is null. */
export const formNumber = () =>
  z.preprocess(
    (v) => {
      const b = blankToNull(v);
      if (typeof b !== 'string') return b;
      const n = Number(b.trim());
      return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(b.trim()) && Number.isFinite(n) ? n : b;
    },
    z
      .number()
      .nullable()
      .optional()
      .transform((v) => v ?? null),
  );

/** An optional form value: blank or absent becomes null before the field's own rules run. */
export const formOptional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === undefined ? null : blankToNull(v)), schema.nullable());

const hasDecimals = (value: number, places: number) => {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/** The most a price may be, in rand: a typo of three extra zeros is refused rather than priced. */
export const MAX_RAND = 1_000_000;

export const MONEY_MESSAGES = {
  negative: ':Attribute cannot be negative.',
  max: (max: number) => `:Attribute must be at most ${formatMoney(max)}.`,
  decimals: ':Attribute can have at most 2 decimals.',
} as const;

/**
 * A rand amount: a JSON number, or text as a person types it (`12,50`, `1 234.5`, read by `parseMoney`, the
 * same function the web's money inputs use); required, 0 or more, at most two decimals. A text that is not an
 * amount is refused with parseMoney's message, never read as another number.
 */
export const formMoney = (max = MAX_RAND) =>
  z
    .unknown()
    .transform((value, ctx): number => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message, input: value });
        return z.NEVER;
      };
      const given = blankToNull(value);
      if (given === null || given === undefined) return fail(MESSAGES.required);
      if (typeof given === 'number') return given;
      if (typeof given !== 'string') return fail(MESSAGES.number);
      const parsed = parseMoney(given);
      return parsed.ok ? parsed.value : fail(parsed.message);
    })
    .pipe(
      z
        .number()
        .min(0, MONEY_MESSAGES.negative)
        .max(max, MONEY_MESSAGES.max(max))
        .refine((v) => hasDecimals(v, 2), MONEY_MESSAGES.decimals),
    )
    // How OpenAPI documents it (the transform itself has no JSON Schema).
    .meta({ type: 'number', minimum: 0, maximum: max });

/**
 * A fraction (markup, rebate, VAT) between `min` and `max` (the message says it in percent, as the screens
 * show it), rounded to the four decimals it is stored with. `formFraction` reads it from a form's text.
 */
export const fraction = (min: number, max: number) => {
  const message = `:Attribute must be between ${String(min * 100)} % and ${String(max * 100)} %.`;
  return z
    .number()
    .min(min, message)
    .max(max, message)
    .transform((v) => Math.round(v * 10_000) / 10_000);
};
export const formFraction = (min: number, max: number) => formNumber().pipe(fraction(min, max));
/** The same, where blank means "none" (null). */
export const formOptionalFraction = (min: number, max: number) =>
  formNumber().pipe(fraction(min, max).nullable());

/** A quantity (of a component in a recipe, of a measure unit): more than 0, at most three decimals. */
export const formQuantity = (max = 100_000) =>
  formNumber().pipe(
    z
      .number()
      .gt(0, ':Attribute must be more than 0.')
      .max(max)
      .refine((v) => hasDecimals(v, 3), ':Attribute can have at most 3 decimals.'),
  );
