/**
 * Validation messages in words a florist uses (issue 19): "Wholesale price is required.", never
 * "The wholesale excl vat field is required.". A message is a template: `:Attribute` is the field's label
 * (at the start of a sentence), `:attribute` the same in the middle of one, `:a_attribute` with "a" or "an".
 * `toErrorBag` fills them from the field's path with `fieldLabel`, so the server's 422 bags and the web's
 * checks before sending say the same thing. The bag stays keyed by the fields the client sends.
 */
export const MESSAGES = {
  required: ':Attribute is required.',
  /** A reference chosen from a list (an id). */
  choose: 'Choose :a_attribute.',
  invalidChoice: 'Choose a valid :attribute.',
  integer: ':Attribute must be a whole number.',
  number: ':Attribute must be a number.',
  boolean: ':Attribute must be true or false.',
  array: ':Attribute must be a list.',
  string: ':Attribute must be text.',
  minLength: (n: number) => `:Attribute must have at least ${String(n)} character${n === 1 ? '' : 's'}.`,
  maxLength: (n: number) => `:Attribute can have at most ${String(n)} characters.`,
  minItems: (n: number) => `:Attribute must have at least ${String(n)} item${n === 1 ? '' : 's'}.`,
  min: (n: number | bigint) => `:Attribute must be at least ${String(n)}.`,
  max: (n: number | bigint) => `:Attribute must be at most ${String(n)}.`,
  email: ':Attribute must be a valid email address.',
  date: ':Attribute must be a valid date.',
  format: ':Attribute is not in the right format.',
  invalid: ':Attribute is not valid.',
  taken: 'This :attribute is already taken.',
  present: ':Attribute must be sent.',
  uuid: ':Attribute must be a valid UUID.',
  text: ':Attribute must not contain control characters.',
} as const;
