import { z } from 'zod';

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

/** Laravel's method spoofing: a POST form carrying `_method=PUT` is an update. Read only by the router. */
export const METHOD_FIELD = '_method';
