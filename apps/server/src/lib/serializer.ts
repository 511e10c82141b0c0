import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import type { Schema as JsonSchema } from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Node = Record<string, unknown>;

/** Keywords that only check a value: a serializer writes the value as it is. */
const CHECKS = new Set([
  '$schema',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'multipleOf',
  'propertyNames',
  'description',
  'title',
]);

/**
 * The answer's JSON Schema in the words fast-json-stringify writes exactly as zod's parse and `JSON.stringify`
 * would, or null when any part is not: a union other than "X or null", a default, a tuple, a reference. Such a
 * schema keeps zod's serializer.
 */
function plain(node: unknown): Node | null {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return null;
  const source = node as Node;
  const union: unknown = source.anyOf ?? source.oneOf;
  if (union !== undefined) {
    // "X or null", with nothing else beside it: X, nullable.
    if (!Array.isArray(union) || union.length !== 2 || Object.keys(source).length !== 1) return null;
    const options = union as Node[];
    const other = options.find((u) => u.type !== 'null');
    if (!options.some((u) => u.type === 'null') || !other) return null;
    const inner = plain(other);
    return inner && typeof inner.type === 'string' ? { ...inner, nullable: true } : null;
  }
  const out: Node = {};
  for (const [key, value] of Object.entries(source)) {
    if (CHECKS.has(key)) continue;
    switch (key) {
      case 'type':
        // One type, or one type or null: a wider mix is a union, which zod writes.
        if (Array.isArray(value) && !(value.length === 2 && value.includes('null'))) return null;
        out[key] = value;
        break;
      case 'format':
      case 'required':
      case 'enum':
      case 'const':
        out[key] = value;
        break;
      case 'properties': {
        const properties: Node = {};
        for (const [name, schema] of Object.entries(value as Node)) {
          const p = plain(schema);
          if (!p) return null;
          properties[name] = p;
        }
        out.properties = properties;
        break;
      }
      case 'items':
      case 'additionalProperties': {
        if (typeof value === 'boolean') {
          out[key] = value;
          break;
        }
        const p = plain(value);
        if (!p) return null;
        out[key] = p;
        break;
      }
      default:
        // anything else (allOf, $ref, prefixItems, default, …): zod writes it.
        return null;
    }
  }
  return out;
}

/**
 * The compiled writer of each schema, or null where zod writes it: compiled once, however many routes, statuses
 * and apps (every test file builds one) share it.
 */
const writers = new WeakMap<object, ((data: unknown) => string) | null>();
/** The same by the JSON Schema's text: routes build their answer's schema anew (`dataOf`, `paged`). */
const writersByText = new Map<string, (data: unknown) => string>();

export function compiled(schema: z.ZodType): ((data: unknown) => string) | null {
  let writer = writers.get(schema);
  if (writer !== undefined) return writer;
  writer = null;
  try {
    const json = plain(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }));
    if (json) {
      const text = JSON.stringify(json);
      writer = writersByText.get(text) ?? fastJson(json as unknown as JsonSchema);
      writersByText.set(text, writer);
    }
  } catch {
    // A transform or another shape JSON Schema cannot say: zod writes it.
  }
  writers.set(schema, writer);
  return writer;
}

/**
 * Answers written by code compiled once per route and status (fast-json-stringify) from the contract's zod schema,
 * instead of zod checking every answer and `JSON.stringify` writing it (issue 39): the same bytes, a sixth of the
 * cost. A schema it cannot write exactly keeps zod's serializer. With `check` (tests), every answer is written
 * both ways and a difference is an error, so the whole API suite holds the two to the byte.
 */
export function compiledSerializerCompiler({
  check,
}: {
  check: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const byZod = zodSerializerCompiler(route);
    const fast = compiled(route.schema);
    if (!fast) return byZod;
    if (!check) return (data) => fast(data);
    return (data) => {
      const expected = byZod(data);
      const written = fast(data);
      if (written !== expected)
        throw new Error(
          `compiled serializer of ${route.method} ${route.url} wrote ${written.slice(0, 300)} where zod wrote ${expected.slice(0, 300)}`,
        );
      return written;
    };
  };
}
