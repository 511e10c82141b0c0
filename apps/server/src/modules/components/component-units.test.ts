import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ComponentUnit } from '@bloomline/contract';

import { auditEntries, componentUnits, measureUnits } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';

// Component units (a quantity of a measure unit): the list by measure unit and quantity, create with its
// 422s (an unknown measure unit, the same unit twice, a quantity of 0), staff only.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
type Errors = { message: string; errors: Record<string, string[]> };
const stem = { id: 0, name: 'Stem', short_code: 'st' };
const bunch = { id: 0, name: 'bunch', short_code: 'bn' };

const units = async () => (await staff.get('/api/component-units')).json<{ data: ComponentUnit[] }>().data;

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.9.5'));
  const db = h.database.db;
  const rows = await db
    .insert(measureUnits)
    .values([
      { name: stem.name, shortCode: stem.short_code },
      { name: bunch.name, shortCode: bunch.short_code },
    ])
    .returning();
  stem.id = rows[0]!.id;
  bunch.id = rows[1]!.id;
  await db.insert(componentUnits).values([
    { quantity: '10', measureUnitId: stem.id },
    { quantity: '1', measureUnitId: stem.id },
    { quantity: '2.5', measureUnitId: bunch.id },
  ]);
});
afterAll(() => h.close());

describe('GET /api/component-units', () => {
  it('lists every unit with its measure unit, by measure unit name and then quantity', async () => {
    const res = await staff.get('/api/component-units');
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: ComponentUnit[] }>().data;
    expect(data.map((u) => [u.quantity, u.measureUnit.name])).toEqual([
      [2.5, 'bunch'],
      [1, 'Stem'],
      [10, 'Stem'],
    ]);
    expect(data[0]).toEqual({
      id: expect.any(Number) as number,
      quantity: 2.5,
      measure_unit_id: bunch.id,
      measureUnit: bunch,
    });
  });

  it('is staff only', async () => {
    expect((await partnerA.get('/api/component-units')).statusCode).toBe(403);
    expect((await partnerB.get('/api/component-units')).statusCode).toBe(403);
    expect((await h.client().get('/api/component-units')).statusCode).toBe(401);
  });
});

describe('POST /api/component-units', () => {
  it('creates a unit (JSON or a form) with an audit entry', async () => {
    const res = await staff.post('/api/component-units', { quantity: 5, measure_unit_id: stem.id });
    expect(res.statusCode).toBe(201);
    const created = res.json<{ data: ComponentUnit }>().data;
    expect(created).toEqual({
      id: expect.any(Number) as number,
      quantity: 5,
      measure_unit_id: stem.id,
      measureUnit: stem,
    });
    const [entry] = await h.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.propertyType, 'component unit'), eq(auditEntries.propertyId, created.id)));
    expect(entry).toMatchObject({
      event: 'created',
      message: 'Component unit 5 Stem created.',
      newValues: { quantity: 5, measure_unit_id: stem.id },
    });
    const form = await staff.form('/api/component-units', {
      quantity: '0.25',
      measure_unit_id: String(bunch.id),
    });
    expect(form.statusCode).toBe(201);
    expect(form.json<{ data: ComponentUnit }>().data.quantity).toBe(0.25);
  });

  it('refuses the same quantity of the same unit twice, on quantity', async () => {
    const res = await staff.post('/api/component-units', { quantity: '10.000', measure_unit_id: stem.id });
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>()).toEqual({
      message: 'This unit already exists.',
      errors: { quantity: ['This unit already exists.'] },
    });
    // The same quantity of another measure unit is another unit.
    expect(
      (await staff.post('/api/component-units', { quantity: 10, measure_unit_id: bunch.id })).statusCode,
    ).toBe(201);
  });

  it('refuses an unknown measure unit and bad quantities, writing nothing', async () => {
    const before = await units();
    const unknown = await staff.post('/api/component-units', { quantity: 3, measure_unit_id: 999999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<Errors>().errors).toEqual({
      measure_unit_id: ['Choose a valid measure unit.'],
    });
    const zero = await staff.post('/api/component-units', { quantity: 0, measure_unit_id: stem.id });
    expect(zero.json<Errors>().errors).toEqual({ quantity: ['Quantity must be more than 0.'] });
    const blank = await staff.form('/api/component-units', { quantity: '', measure_unit_id: '' });
    expect(Object.keys(blank.json<Errors>().errors).sort()).toEqual(['measure_unit_id', 'quantity']);
    const fine = await staff.post('/api/component-units', { quantity: 1.2345, measure_unit_id: stem.id });
    expect(fine.json<Errors>().errors).toEqual({
      quantity: ['Quantity can have at most 3 decimals.'],
    });
    expect(await units()).toEqual(before);
  });

  it('is staff only', async () => {
    const body = { quantity: 7, measure_unit_id: stem.id };
    expect((await partnerA.post('/api/component-units', body)).statusCode).toBe(403);
    expect((await h.client().post('/api/component-units', body)).statusCode).toBe(401);
    expect((await units()).some((u) => u.quantity === 7)).toBe(false);
  });
});
