import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { compiled, compiledSerializerCompiler } from './serializer';

const writerOf = (schema: z.ZodType, check = false) =>
  compiledSerializerCompiler({ check })({ schema, method: 'GET', url: '/t', httpStatus: '200' });

const entry = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  at: z.iso.datetime(),
  partner: z.object({ id: z.number(), name: z.string() }).nullable(),
  tags: z.array(z.enum(['a', 'b'])),
  values: z.record(z.string(), z.unknown()).nullable(),
  maybe: z.string().optional(),
});

describe('answers written by compiled code', () => {
  it('writes what zod writes, to the byte: key order, nulls, nested, records, escapes, extra keys left out', () => {
    const page = z.object({ data: z.array(entry), meta: z.object({ total: z.number() }) });
    const rows = [
      {
        id: 7,
        name: 'Ros\u00e9 "Dozen"\n\\ \u2028',
        note: null,
        at: '2026-11-27T10:00:00.000Z',
        partner: { id: 3, name: 'Constantia', extra: 'dropped' },
        tags: ['b', 'a'],
        values: { a: 1, nested: { b: [1, null, 'x'] } },
        hidden: 'not in the schema',
      },
      {
        id: 8,
        name: 'x',
        note: 'n',
        at: '2026-11-27T10:00:00Z',
        partner: null,
        tags: [],
        values: null,
        maybe: 'here',
      },
    ];
    const data = { meta: { total: 2 }, data: rows };
    const zod = JSON.stringify(page.parse(data));
    expect(compiled(page)).not.toBeNull();
    expect(writerOf(page)(data)).toBe(zod);
    expect(writerOf(page, true)(data)).toBe(zod);
  });

  it('leaves to zod what it cannot write exactly: unions, defaults, transforms', () => {
    const union = z.object({ v: z.union([z.string(), z.number()]) });
    const withDefault = z.object({ v: z.string().default('d') });
    const transformed = z.object({ v: z.string().transform((s) => s.toUpperCase()) });
    for (const schema of [union, withDefault, transformed]) expect(compiled(schema)).toBeNull();
    expect(writerOf(union)({ v: 1 })).toBe('{"v":1}');
    expect(writerOf(withDefault)({})).toBe('{"v":"d"}');
    expect(writerOf(transformed)({ v: 'a' })).toBe('{"v":"A"}');
  });

  it('in tests, still refuses an answer that breaks its schema (zod writes it too)', () => {
    expect(() => writerOf(entry, true)({ id: 'seven' })).toThrow();
  });
});
