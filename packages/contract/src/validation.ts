import { z } from 'zod';

import { dateField, isCleanText, requiredText, TEXT_MESSAGE } from './fields';

/**
 * Validation messages in Laravel's words, because the clients were written against a Laravel API.
 * Messages carry an `:attribute` placeholder; `toErrorBag` fills it from the field's path, the way Laravel
 * turns `password_confirmation` into "password confirmation".
 */
z.config({
  customError: (issue) => {
    const input: unknown = issue.input;
    if (input === undefined || input === null || (typeof input === 'string' && input.trim() === '')) {
      if (issue.code === 'invalid_type' || issue.code === 'too_small')
        return 'The :attribute field is required.';
    }
    switch (issue.code) {
      case 'invalid_type':
        if (issue.expected === 'int') return 'The :attribute field must be an integer.';
        if (issue.expected === 'number') return 'The :attribute field must be a number.';
        if (issue.expected === 'boolean') return 'The :attribute field must be true or false.';
        if (issue.expected === 'array') return 'The :attribute field must be an array.';
        return 'The :attribute field must be a string.';
      case 'too_small':
        if (issue.origin === 'string')
          return `The :attribute field must be at least ${String(issue.minimum)} characters.`;
        if (issue.origin === 'array')
          return `The :attribute field must have at least ${String(issue.minimum)} items.`;
        return `The :attribute field must be at least ${String(issue.minimum)}.`;
      case 'too_big':
        if (issue.origin === 'string')
          return `The :attribute field must not be greater than ${String(issue.maximum)} characters.`;
        return `The :attribute field must not be greater than ${String(issue.maximum)}.`;
      case 'invalid_format':
        if (issue.format === 'email') return 'The :attribute field must be a valid email address.';
        if (issue.format === 'date') return 'The :attribute field must be a valid date.';
        return 'The :attribute field format is invalid.';
      case 'invalid_value':
        return 'The selected :attribute is invalid.';
      default:
        return 'The :attribute field is invalid.';
    }
  },
});

export type ErrorBag = Record<string, string[]>;

export function attributeName(path: readonly PropertyKey[]): string {
  const key = path.map(String).join('.');
  return key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

export function fieldKey(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** Zod issues to Laravel's `errors` bag: field name to its messages, in order. */
export function toErrorBag(issues: readonly { path: readonly PropertyKey[]; message: string }[]): ErrorBag {
  const bag: ErrorBag = {};
  for (const issue of issues) {
    const key = fieldKey(issue.path) || 'body';
    const message = issue.message.replace(/:attribute/g, attributeName(issue.path) || 'body');
    (bag[key] ??= []).push(message);
  }
  return bag;
}

/** Laravel's summary message: the first error, plus "(and N more errors)". */
export function summariseErrorBag(bag: ErrorBag): string {
  const all = Object.values(bag).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  if (more <= 0) return first;
  return `${first} (and ${String(more)} more error${more === 1 ? '' : 's'})`;
}

/** A required text field: like Laravel's ConvertEmptyStringsToNull, blank counts as missing. */
export const requiredString = requiredText;
export const optionalString = (max = 255) =>
  z
    .string()
    .refine(isCleanText, TEXT_MESSAGE)
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));
export const email = () => requiredText(255).pipe(z.email());
/** ISO calendar date, YYYY-MM-DD, that exists and lies in 1900..2999 (see `dateField`). */
export const isoDate = dateField;
