import { describe, expect, it } from 'vitest';

import { valueChanges, valueText } from './value-changes';

describe('valueChanges', () => {
  it('puts each field’s old and new value side by side and marks the ones that differ', () => {
    expect(
      valueChanges({ name: 'Stem', short_code: 'st' }, { name: 'Stems', short_code: 'st', note: null }),
    ).toEqual([
      { field: 'name', before: 'Stem', after: 'Stems', changed: true },
      { field: 'short_code', before: 'st', after: 'st', changed: false },
      { field: 'note', before: '—', after: '—', changed: false },
    ]);
  });

  it('counts every field of a created or deleted record as changed', () => {
    expect(valueChanges(null, { enabled: true })).toEqual([
      { field: 'enabled', before: '—', after: 'true', changed: true },
    ]);
    expect(valueChanges({ startDate: '2026-01-01' }, null)).toEqual([
      { field: 'startDate', before: '2026-01-01', after: '—', changed: true },
    ]);
    expect(valueChanges(null, null)).toEqual([]);
  });

  it('writes numbers, booleans and objects as JSON, and compares them by value', () => {
    expect(valueText(12.5)).toBe('12.5');
    expect(valueText(false)).toBe('false');
    expect(valueText({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(valueChanges({ tags: [1, 2] }, { tags: [1, 2] })[0]!.changed).toBe(false);
  });
});
