import { z } from 'zod';

import { MESSAGES } from './messages';

/**
 * The shared field schemas every wire shape is built from, so a class of bad input is refused in one place:
 * ids, text and dates. See docs/decisions.md ("Input").
 */

/** The largest id a column holds (PostgreSQL `integer`/`serial`). */
export const MAX_ID = 2_147_483_647;
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2999-12-31';

/** An id's refusals (messages.ts's templates): a missing one is a choice not made. */
export const ID_MESSAGES = {
  integer: MESSAGES.integer,
  min: MESSAGES.min(1),
  max: MESSAGES.max(MAX_ID),
  required: MESSAGES.choose,
} as const;
export const TEXT_MESSAGE = MESSAGES.text;
export const DATE_MESSAGE = MESSAGES.date;

/** Decimal digits, optionally signed, without leading zeros (as PHP's FILTER_VALIDATE_INT reads an integer). */
const INTEGER = /^-?(?:0|[1-9][0-9]*)$/;
/** A path id: decimal digits only, no sign, no leading zero, at most ten digits. */
const PATH_ID = /^[1-9][0-9]{0,9}$/;

/** A path id as a number, or -1 (which matches no record) when it is not an id: the route answers 404. */
export function parsePathId(value: unknown): number {
  if (typeof value !== 'string' || !PATH_ID.test(value)) return -1;
  const n = Number(value);
  return n <= MAX_ID ? n : -1;
}

/**
 * An id in a path (`/api/orders/{id}`). Anything but 1..2147483647 written in decimal digits reads as -1, so
 * the route looks it up, finds nothing and answers 404 like any missing record (never a 422 or a 500).
 */
export const pathId = () =>
  z
    .string()
    .regex(PATH_ID)
    .transform((v) => parsePathId(v))
    .catch(-1);

/** Path parameters of every `/…/{id}` route. */
export const idParams = z.object({ id: pathId() });

/**
 * An id in a body or query (`{"id": 5}`, `?p=5`, a form's `partner_id=5`): a JSON number that is a whole
 * number, or decimal digits in a string, between 1 and 2147483647. Anything else is a 422 in Laravel's words.
 * Booleans, arrays, floats, hex and exponents are not ids.
 */
export const idField = () =>
  z
    .unknown()
    .transform((value, ctx): number => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message, input: value });
        return z.NEVER;
      };
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
        return fail(ID_MESSAGES.required);
      let n: number;
      if (typeof value === 'number' && Number.isInteger(value)) n = value;
      else if (typeof value === 'string' && INTEGER.test(value.trim())) n = Number(value.trim());
      else return fail(ID_MESSAGES.integer);
      if (n < 1) return fail(ID_MESSAGES.min);
      if (n > MAX_ID) return fail(ID_MESSAGES.max);
      return n;
    })
    // How OpenAPI documents it (the transform itself has no JSON Schema).
    .meta({ type: 'integer', minimum: 1, maximum: MAX_ID });

/**
 * Characters no text field takes: control characters other than tab, line feed and carriage return (NUL
 * among them, which PostgreSQL cannot store), and UTF-16 surrogates that are not part of a pair (they have no
 * UTF-8 form).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\p{Cs}/u;

export function isCleanText(value: string): boolean {
  return !FORBIDDEN.test(value);
}

/**
 * Free text (a search, a reason, a name): trimmed, at most `max` characters, and refused with a 422 when it
 * holds a control character or a lone surrogate.
 */
export const text = (max = 255) => z.string().refine(isCleanText, TEXT_MESSAGE).trim().max(max);

/** A required text field: like Laravel's ConvertEmptyStringsToNull, blank counts as missing. */
export const requiredText = (max = 255) =>
  z.string().refine(isCleanText, TEXT_MESSAGE).trim().min(1).max(max);

/**
 * A calendar date written YYYY-MM-DD that exists (no 2025-02-30) and lies between 1900-01-01 and 2999-12-31,
 * which every date column and JavaScript's Date hold; anything else is a 422 "must be a valid date.".
 */
export const dateField = () =>
  z.iso.date().pipe(z.string().refine((v) => v >= MIN_DATE && v <= MAX_DATE, DATE_MESSAGE));
