import { z } from 'zod';

import { dateField, isCleanText, requiredText, TEXT_MESSAGE } from './fields';
import { MESSAGES } from './messages';

// The message templates live in messages.ts (fields.ts uses them too); they are part of this module's API.
export { MESSAGES } from './messages';

/**
 * Labels of the fields whose name is not already the words on the screen, keyed by the name the client
 * sends. Any other field reads as its name in words (`owner_email` and `ownerEmail` as "Owner email").
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  wholesale_excl_vat: 'Wholesale price',
  wholesaleDeliveryFee: 'Wholesale delivery fee',
  default_markup: 'Default markup',
  default_auto_update: 'Auto update',
  partner_id: 'Partner',
  partnerId: 'Partner',
  role_id: 'Role',
  component_id: 'Component',
  profit_centre_id: 'Profit centre',
  unit_id: 'Unit',
  colour_id: 'Colour',
  measure_unit_id: 'Measure unit',
  product_variant_id: 'Product variant',
  parent_id: 'Parent',
  province_id: 'Province',
  city_id: 'City',
  location_id: 'Suburb',
  xero_contact_id: 'Xero contact',
  image_file: 'Picture',
  vat: 'VAT',
  vatNumber: 'VAT number',
  phone_number: 'Phone number',
  password_confirmation: 'Password confirmation',
  first_name: 'First name',
  last_name: 'Last name',
  start_date: 'Start date',
  end_date: 'End date',
  b2b: 'B2B',
  // "Deduction" is the one word for what a partner's pay loses, on every screen, history and audit.
  onPay: 'Deduction',
  partnerIds: 'Partners',
  paidAt: 'Paid on',
  upTo: 'Up to',
  orderLineId: 'Line',
  // A new order's fields (order-entry.ts).
  productVariantId: 'Product',
  address1: 'Address',
  address2: 'Address line 2',
  address3: 'Address line 3',
  isCollection: 'Collection',
  placedByPartnerId: 'Placing partner',
  profitCentreId: 'Profit centre',
  companyId: 'Company',
  externalId: 'External id',
  // Query parameters of the lists.
  q: 'Search',
  p: 'Partner',
  pc: 'Profit centre',
  s: 'Sort',
  d: 'Sort direction',
  sd: 'From date',
  ed: 'To date',
  pT: 'Record type',
  pI: 'Record id',
};

/** A field's name in words: `password_confirmation` as "password confirmation" (Laravel's way). */
export function attributeName(path: readonly PropertyKey[]): string {
  const key = path.map(String).join('.');
  return key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/** The label a field is called by in messages: FIELD_LABELS by its last name, else its name in words. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const names = path.filter((p) => typeof p !== 'number').map(String);
  const last = names[names.length - 1] ?? 'body';
  const known = FIELD_LABELS[last];
  if (known) return known;
  const words = attributeName([last]);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "VAT" keeps its capitals in a sentence; "Wholesale price" reads "wholesale price". */
const inSentence = (label: string) =>
  /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);

/**
 * "a" or "an" by the sound of the word: "an order", "a unit", "a user" (a "you" sound), "a VAT number" is
 * read letter by letter only when it is an abbreviation ("an SMS"), which no label is today.
 */
export function articleFor(words: string): 'a' | 'an' {
  if (/^[A-Z]{2}/.test(words)) return 'a';
  if (/^(uni|use|usu|uti|eu|one)/i.test(words)) return 'a';
  return /^[aeiou]/i.test(words) ? 'an' : 'a';
}

/** A message template with the field's label put in (see MESSAGES). */
export function fillMessage(template: string, path: readonly PropertyKey[]): string {
  const label = fieldLabel(path);
  const middle = inSentence(label);
  const article = articleFor(middle);
  return template
    .replace(/:Attribute/g, label)
    .replace(/:a_attribute/g, `${article} ${middle}`)
    .replace(/:attribute/g, middle);
}

const isBlank = (input: unknown) =>
  input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

z.config({
  customError: (issue) => {
    const input: unknown = issue.input;
    if (isBlank(input) && (issue.code === 'invalid_type' || issue.code === 'too_small'))
      return MESSAGES.required;
    switch (issue.code) {
      case 'invalid_type':
        if (issue.expected === 'int') return MESSAGES.integer;
        if (issue.expected === 'number') return MESSAGES.number;
        if (issue.expected === 'boolean') return MESSAGES.boolean;
        if (issue.expected === 'array') return MESSAGES.array;
        return MESSAGES.string;
      case 'too_small':
        if (issue.origin === 'string') return MESSAGES.minLength(Number(issue.minimum));
        if (issue.origin === 'array') return MESSAGES.minItems(Number(issue.minimum));
        return MESSAGES.min(issue.minimum);
      case 'too_big':
        if (issue.origin === 'string') return MESSAGES.maxLength(Number(issue.maximum));
        return MESSAGES.max(issue.maximum);
      case 'invalid_format':
        if (issue.format === 'email') return MESSAGES.email;
        if (issue.format === 'date') return MESSAGES.date;
        return MESSAGES.format;
      case 'invalid_value':
        return MESSAGES.invalidChoice;
      default:
        return MESSAGES.invalid;
    }
  },
});

export type ErrorBag = Record<string, string[]>;

export function fieldKey(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** Zod issues to Laravel's `errors` bag: field name to its messages (labels filled in), in order. */
export function toErrorBag(issues: readonly { path: readonly PropertyKey[]; message: string }[]): ErrorBag {
  const bag: ErrorBag = {};
  for (const issue of issues) {
    const key = fieldKey(issue.path) || 'body';
    (bag[key] ??= []).push(fillMessage(issue.message, issue.path));
  }
  return bag;
}

/** A bag of templates (a server rule's own refusals) with each field's label filled in. */
export function fillErrorBag(bag: ErrorBag): ErrorBag {
  return Object.fromEntries(
    Object.entries(bag).map(([field, messages]) => [
      field,
      messages.map((m) => fillMessage(m, field.split('.'))),
    ]),
  );
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
