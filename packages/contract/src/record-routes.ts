import type { z } from 'zod';

import { idParams } from './fields';
import { dataOf } from './paging';
import { route } from './routes';

/**
 * The record routes many areas declare alike (issue 37): read one by id, create, update and delete, each
 * answering the record as `{ data }` (the delete answers a 204). `base` is the collection's path
 * (`/api/colours`); the record's routes add `/:id` to it.
 */
const recordDecls = <
  Base extends string,
  Record extends z.ZodType,
  Body extends z.ZodType,
  CreateBody extends z.ZodType,
>(
  base: Base,
  record: Record,
  body: Body,
  createBody: CreateBody,
) => {
  const one: `${Base}/:id` = `${base}/:id`;
  return {
    get: () => route({ method: 'GET', path: one, params: idParams, answer: dataOf(record) }),
    create: () => route({ method: 'POST', path: base, body: createBody, answer: dataOf(record) }),
    update: () => route({ method: 'PUT', path: one, params: idParams, body, answer: dataOf(record) }),
    remove: () => route({ method: 'DELETE', path: one, params: idParams }),
  };
};

type RecordDecls<
  Base extends string,
  Record extends z.ZodType,
  Body extends z.ZodType,
  CreateBody extends z.ZodType,
> = {
  [Name in keyof ReturnType<typeof recordDecls<Base, Record, Body, CreateBody>>]: ReturnType<
    ReturnType<typeof recordDecls<Base, Record, Body, CreateBody>>[Name]
  >;
};

export type RecordRouteName = 'get' | 'create' | 'update' | 'remove';

/**
 * The record routes an area serves, and only those, by name: spread into its route table,
 * `...recordRoutes('/api/colours', { record: colour, body: colourBody }, ['get', 'create', 'update', 'remove'])`.
 * `createBody` where the create takes another body than the update.
 */
export function recordRoutes<
  const Base extends string,
  Record extends z.ZodType,
  Body extends z.ZodType,
  const Names extends readonly RecordRouteName[],
  CreateBody extends z.ZodType = Body,
>(
  base: Base,
  parts: { record: Record; body: Body; createBody?: CreateBody },
  served: Names,
): Pick<RecordDecls<Base, Record, Body, CreateBody>, Names[number]> {
  const decls = recordDecls(
    base,
    parts.record,
    parts.body,
    parts.createBody ?? (parts.body as unknown as CreateBody),
  );
  return Object.fromEntries(served.map((name) => [name, decls[name]()])) as Pick<
    RecordDecls<Base, Record, Body, CreateBody>,
    Names[number]
  >;
}
