import { EMPTY_TEXT } from '@/ui';

type Values = Record<string, unknown> | null;

export type ValueChange = {
  field: string;
  /** The value before and after, as text ('—' where a side has none). */
  before: string;
  after: string;
  changed: boolean;
};

/** A stored value as a reader sees it: text as itself, anything else as JSON. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null || value === '') return EMPTY_TEXT;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * The entry's fields side by side, in the order they were written (the old values' first, then any only
 * the new ones have). A field is changed when its two sides differ, so every field of a created or deleted
 * record counts as changed.
 */
export function valueChanges(oldValues: Values, newValues: Values): ValueChange[] {
  const fields = [...new Set([...Object.keys(oldValues ?? {}), ...Object.keys(newValues ?? {})])];
  return fields.map((field) => {
    const before = oldValues?.[field];
    const after = newValues?.[field];
    return {
      field,
      before: valueText(before),
      after: valueText(after),
      changed: JSON.stringify(before ?? null) !== JSON.stringify(after ?? null),
    };
  });
}
