import { MESSAGES } from '@bloomline/contract';
import { ValidationError } from './errors';
import { conflict } from './errors';
import type { HttpError } from './errors';

/** What PostgreSQL (server or PGlite) says about a failed statement; drizzle wraps it as `cause`. */
interface PgError {
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
  detail?: string;
  message: string;
}

function pgErrorOf(error: unknown): PgError | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    if (typeof e === 'object' && 'code' in e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code))
      return e as PgError;
    e = typeof e === 'object' && 'cause' in e ? e.cause : null;
  }
  return null;
}

/** Whether `error` is a duplicate refused by the unique constraint `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = pgErrorOf(error);
  return e?.code === '23505' && e.constraint === constraint;
}

/** How a table's records are called in messages, where its name does not say it well enough. */
const RECORD_NAMES: Record<string, [singular: string, plural: string]> = {
  measure_units: ['unit of measure', 'units of measure'],
  component_units: ['component unit', 'component units'],
  component_rates: ['component rate', 'component rates'],
  variant_component_rates: ['product variant component rate', 'product variant component rates'],
  profit_centres: ['profit centre', 'profit centres'],
  order_lines: ['order line', 'order lines'],
  partner_offline_times: ['out-of-office period', 'out-of-office periods'],
};
const plural = (table: string) => RECORD_NAMES[table]?.[1] ?? table.replace(/_/g, ' ');
const singular = (table: string) =>
  RECORD_NAMES[table]?.[0] ?? table.replace(/_/g, ' ').replace(/ies$/, 'y').replace(/s$/, '');

/**
 * A unique index is named `<table>_<column>_unique`, so a clash is reported on the field the client sent:
 * the whole convention lives here.
 */
function uniqueField(e: PgError): string {
  const fromKey = /^Key \(([a-z_]+)\)/.exec(e.detail ?? '')?.[1];
  if (fromKey) return fromKey;
  const name = e.constraint ?? '';
  const table = e.table ?? '';
  return name.replace(new RegExp(`^${table}_`), '').replace(/_(unique|key|idx)$/, '') || 'id';
}

/**
 * Database constraint errors as answers, mapped once for every area: a duplicate is a 422 on its field,
 * a record still in use is a 409 naming what uses it, a reference to a missing record is a 422. Anything
 * else is left to the error handler (a 500).
 */
export function constraintError(error: unknown): HttpError | null {
  const e = pgErrorOf(error);
  if (!e) return null;
  switch (e.code) {
    case '23505': {
      const field = uniqueField(e);
      return ValidationError.field(field, MESSAGES.taken);
    }
    case '23503': {
      // Deleting (or re-keying) a row that others point at: the error names the referencing table.
      const deleted = /on table "([a-z_]+)"/.exec(e.message)?.[1];
      if (/^update or delete/.test(e.message) && e.table) {
        return conflict(
          `This ${singular(deleted ?? 'record')} cannot be deleted: it is still used by ${plural(e.table)}.`,
        );
      }
      const field = /^Key \(([a-z_]+)\)/.exec(e.detail ?? '')?.[1] ?? 'id';
      return ValidationError.field(field, MESSAGES.invalidChoice);
    }
    case '23502': {
      const field = e.column ?? 'id';
      return ValidationError.field(field, MESSAGES.required);
    }
    case '22001':
    case '22003':
      return ValidationError.field(e.column ?? 'body', 'A value is too long or too large.');
    default:
      return null;
  }
}
