import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { todayInJohannesburg, type OfflineTime } from '@bloomline/contract';

import { auditEntries, partnerOfflineTimes } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';

// Out-of-office periods as staff (any partner), as partner A and B (their own partner only: another
// partner's id, or another partner's period under their own id, is 404) and signed out; the 422 bags, the
// spoofed PUT, the audit rows, and that a refused request changed nothing.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
let a: number;
let b: number;
type Errors = { message: string; errors?: Record<string, string[]> };

const listUrl = (partnerId: number | string) => `/api/partners/${String(partnerId)}/offline-times`;
const oneUrl = (partnerId: number, id: number | string) => `${listUrl(partnerId)}/${String(id)}`;
/** A calendar day `days` after (or before) an ISO day. */
const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const dataOf = <T>(res: { json: <R>() => R }) => res.json<{ data: T }>().data;

const auditOf = (id: number) =>
  h.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.propertyType, 'partner offline time'), eq(auditEntries.propertyId, id)))
    .orderBy(auditEntries.id);

const stored = async (id: number) =>
  (await h.database.db.select().from(partnerOfflineTimes).where(eq(partnerOfflineTimes.id, id)))[0];

const periodsOf = (partnerId: number) =>
  h.database.db.select().from(partnerOfflineTimes).where(eq(partnerOfflineTimes.partnerId, partnerId));

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.11.3'));
  a = h.fixtures.partnerA.id;
  b = h.fixtures.partnerB.id;
});
afterAll(() => h.close());

describe('adding and listing periods', () => {
  it('lets a partner add to their own partner, as a multipart form, enabled, with an audit row', async () => {
    const res = await partnerA.form(listUrl(a), { startDate: '2036-12-20', endDate: '2036-12-27' });
    expect(res.statusCode).toBe(201);
    const created = dataOf<OfflineTime>(res);
    expect(created).toEqual({
      id: expect.any(Number) as number,
      partnerId: a,
      startDate: '2036-12-20',
      endDate: '2036-12-27',
      enabled: true,
    });
    expect(await auditOf(created.id)).toMatchObject([
      {
        event: 'created',
        userId: h.fixtures.userA.id,
        message: 'Out-of-office period of Protea Petals (2036-12-20 to 2036-12-27) created.',
        oldValues: null,
        newValues: { partnerId: a, startDate: '2036-12-20', endDate: '2036-12-27', enabled: true },
      },
    ]);
  });

  it('takes JSON and urlencoded bodies too, and a one-day period', async () => {
    expect(
      (await partnerA.post(listUrl(a), { startDate: '2036-03-01', endDate: '2036-03-01' })).statusCode,
    ).toBe(201);
    const urlencoded = await partnerA.post(listUrl(a), 'startDate=2037-01-05&endDate=2037-01-06', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(urlencoded.statusCode).toBe(201);
  });

  it('lists only the partner’s own periods, the latest start first', async () => {
    await staff.post(listUrl(b), { startDate: '2036-06-01', endDate: '2036-06-02' });
    const res = await partnerA.get(listUrl(a));
    expect(res.statusCode).toBe(200);
    const list = dataOf<OfflineTime[]>(res);
    expect(list.map((p) => p.startDate)).toEqual(['2037-01-05', '2036-12-20', '2036-03-01']);
    expect(list.every((p) => p.partnerId === a)).toBe(true);
    expect(dataOf<OfflineTime[]>(await partnerB.get(listUrl(b))).map((p) => p.startDate)).toEqual([
      '2036-06-01',
    ]);
  });

  it('answers 404 to a partner naming another partner, and writes nothing', async () => {
    const before = await periodsOf(b);
    expect((await partnerA.get(listUrl(b))).statusCode).toBe(404);
    const post = await partnerA.post(listUrl(b), { startDate: '2036-07-01', endDate: '2036-07-02' });
    expect(post.statusCode).toBe(404);
    expect(await periodsOf(b)).toEqual(before);
    expect((await partnerB.get(listUrl(a))).statusCode).toBe(404);
    expect((await partnerA.get(listUrl(999999))).statusCode).toBe(404);
    expect((await partnerA.get(listUrl('abc'))).statusCode).toBe(404);
  });

  it('lets staff read and add for any partner; a missing partner is 404', async () => {
    expect(dataOf<OfflineTime[]>(await staff.get(listUrl(a)))).toHaveLength(3);
    const res = await staff.form(listUrl(b), { startDate: '2036-08-10', endDate: '2036-08-12' });
    expect(res.statusCode).toBe(201);
    expect((await auditOf(dataOf<OfflineTime>(res).id))[0]?.userId).toBe(h.fixtures.staff.id);
    expect((await staff.get(listUrl(999999))).statusCode).toBe(404);
    expect(
      (await staff.post(listUrl(999999), { startDate: '2036-08-10', endDate: '2036-08-12' })).statusCode,
    ).toBe(404);
  });

  it('is for signed-in users only, and writes need the CSRF token', async () => {
    expect((await h.client().get(listUrl(a))).statusCode).toBe(401);
    const guest = await h.client().post(listUrl(a), { startDate: '2036-08-10', endDate: '2036-08-12' });
    // No live session: 401 before the token is checked (DECISIONS.md "Session").
    expect(guest.statusCode).toBe(401);
    const forged = await partnerA.post(
      listUrl(a),
      { startDate: '2036-08-10', endDate: '2036-08-12' },
      { 'x-xsrf-token': 'x' },
    );
    expect(forged.statusCode).toBe(419);
  });
});

describe('validation', () => {
  const cases: [string, Record<string, string>, Record<string, string[]>][] = [
    [
      'an end before the start',
      { startDate: '2036-05-10', endDate: '2036-05-09' },
      { endDate: ['End date cannot be before the start date.'] },
    ],
    [
      'dates that do not exist',
      { startDate: '2036-02-30', endDate: '2036-13-01' },
      {
        startDate: ['Start date must be a valid date.'],
        endDate: ['End date must be a valid date.'],
      },
    ],
    [
      'missing dates',
      { startDate: '', endDate: ' ' },
      {
        startDate: ['Start date is required.'],
        endDate: ['End date is required.'],
      },
    ],
    [
      'another format and a year out of range',
      { startDate: '10/05/2026', endDate: '3026-01-01' },
      {
        startDate: ['Start date must be a valid date.'],
        endDate: ['End date must be a valid date.'],
      },
    ],
  ];

  it.each(cases)('refuses %s on create, writing nothing', async (_name, body, errors) => {
    const before = await periodsOf(a);
    const res = await partnerA.form(listUrl(a), body);
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>().errors).toEqual(errors);
    expect(await periodsOf(a)).toEqual(before);
  });

  it.each(cases)('refuses %s on update, changing nothing', async (_name, body, errors) => {
    const [period] = await periodsOf(a);
    const res = await partnerA.form(oneUrl(a, period!.id), { ...body, enabled: '1', _method: 'PUT' });
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>().errors).toEqual(errors);
    expect(await stored(period!.id)).toEqual(period);
  });

  it('is backed by the database, which refuses an end before the start from any writer', async () => {
    await expect(
      h.database.db
        .insert(partnerOfflineTimes)
        .values({ partnerId: a, startDate: '2036-05-10', endDate: '2036-05-09' }),
    ).rejects.toThrow();
  });

  it('refuses a period starting in the past, on its start date, in words', async () => {
    const before = await periodsOf(a);
    const yesterday = shiftDay(todayInJohannesburg(), -1);
    const res = await partnerA.form(listUrl(a), { startDate: yesterday, endDate: '2036-01-01' });
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>().errors).toEqual({ startDate: ['Start date cannot be in the past.'] });
    expect(await periodsOf(a)).toEqual(before);
    // Today is not the past.
    const today = todayInJohannesburg();
    const todays = await partnerA.form(listUrl(a), { startDate: today, endDate: today });
    expect(todays.statusCode).toBe(201);
    const id = dataOf<OfflineTime>(todays).id;
    await h.database.db.delete(partnerOfflineTimes).where(eq(partnerOfflineTimes.id, id));
  });

  it('refuses moving a start into the past, but keeps a stored start that has since passed', async () => {
    const yesterday = shiftDay(todayInJohannesburg(), -1);
    const [row] = await h.database.db
      .insert(partnerOfflineTimes)
      .values({ partnerId: a, startDate: shiftDay(yesterday, -5), endDate: '2036-01-01' })
      .returning();
    const url = oneUrl(a, row!.id);
    const moved = await partnerA.put(url, { startDate: yesterday, endDate: '2036-01-01' });
    expect(moved.statusCode).toBe(422);
    expect(moved.json<Errors>().errors).toEqual({ startDate: ['Start date cannot be in the past.'] });
    const kept = await partnerA.put(url, { startDate: row!.startDate, endDate: '2036-02-01' });
    expect(kept.statusCode).toBe(200);
    expect(await stored(row!.id)).toMatchObject({ startDate: row!.startDate, endDate: '2036-02-01' });
    await h.database.db.delete(partnerOfflineTimes).where(eq(partnerOfflineTimes.id, row!.id));
  });

  it('refuses an enabled flag that is not a boolean', async () => {
    const [period] = await periodsOf(a);
    const res = await partnerA.put(oneUrl(a, period!.id), {
      startDate: '2036-05-10',
      endDate: '2036-05-11',
      enabled: 'maybe',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>().errors).toEqual({ enabled: ['Enabled must be true or false.'] });
  });
});

describe('one period: read, change, delete', () => {
  let mine: OfflineTime;
  let theirs: OfflineTime;

  beforeAll(async () => {
    mine = dataOf(await partnerA.post(listUrl(a), { startDate: '2036-10-01', endDate: '2036-10-03' }));
    theirs = dataOf(await partnerB.post(listUrl(b), { startDate: '2036-10-01', endDate: '2036-10-03' }));
  });

  it('reads it for its partner and staff only', async () => {
    expect(dataOf(await partnerA.get(oneUrl(a, mine.id)))).toEqual(mine);
    expect(dataOf(await staff.get(oneUrl(a, mine.id)))).toEqual(mine);
    // Another partner's period: under its own partner id, or under the asker's own id.
    expect((await partnerB.get(oneUrl(a, mine.id))).statusCode).toBe(404);
    expect((await partnerB.get(oneUrl(b, mine.id))).statusCode).toBe(404);
    expect((await staff.get(oneUrl(b, mine.id))).statusCode).toBe(404);
    expect((await partnerA.get(oneUrl(a, 999999))).statusCode).toBe(404);
    expect((await partnerA.get(oneUrl(a, '1e3'))).statusCode).toBe(404);
    expect((await h.client().get(oneUrl(a, mine.id))).statusCode).toBe(401);
  });

  it('changes it with POST _method=PUT as a form, recording only what changed', async () => {
    const res = await partnerA.form(oneUrl(a, mine.id), {
      startDate: '2036-10-01',
      endDate: '2036-10-05',
      enabled: '0',
      _method: 'PUT',
    });
    expect(res.statusCode).toBe(200);
    mine = dataOf(res);
    expect(mine).toMatchObject({ startDate: '2036-10-01', endDate: '2036-10-05', enabled: false });
    expect(await stored(mine.id)).toMatchObject({ endDate: '2036-10-05', enabled: false });
    expect((await auditOf(mine.id)).at(-1)).toMatchObject({
      event: 'updated',
      userId: h.fixtures.userA.id,
      message: 'Out-of-office period of Protea Petals (2036-10-01 to 2036-10-05) updated.',
      oldValues: { endDate: '2036-10-03', enabled: true },
      newValues: { endDate: '2036-10-05', enabled: false },
    });
  });

  it('keeps the flag when a change leaves it out, and writes no audit row for no change', async () => {
    const before = (await auditOf(mine.id)).length;
    const res = await partnerA.put(oneUrl(a, mine.id), { startDate: '2036-10-01', endDate: '2036-10-05' });
    expect(dataOf<OfflineTime>(res).enabled).toBe(false);
    expect(await auditOf(mine.id)).toHaveLength(before);
  });

  it('refuses a plain POST on the period with 405', async () => {
    const res = await partnerA.post(oneUrl(a, mine.id), { startDate: '2036-10-01', endDate: '2036-10-05' });
    expect(res.statusCode).toBe(405);
  });

  it('never lets partner B change or delete partner A’s period', async () => {
    const body = { startDate: '2040-01-01', endDate: '2040-01-02', enabled: true };
    for (const res of [
      await partnerB.put(oneUrl(a, mine.id), body),
      await partnerB.form(oneUrl(b, mine.id), { ...body, _method: 'PUT' }),
      await partnerB.delete(oneUrl(a, mine.id)),
      await partnerB.delete(oneUrl(b, mine.id)),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect(await stored(mine.id)).toMatchObject({
      startDate: '2036-10-01',
      endDate: '2036-10-05',
      enabled: false,
    });
  });

  it('lets staff change any partner’s period; a missing one is 404', async () => {
    const res = await staff.put(oneUrl(b, theirs.id), { ...theirs, enabled: false });
    expect(dataOf<OfflineTime>(res).enabled).toBe(false);
    expect((await auditOf(theirs.id)).at(-1)?.userId).toBe(h.fixtures.staff.id);
    expect((await staff.put(oneUrl(b, 999999), { ...theirs })).statusCode).toBe(404);
    expect((await staff.put(oneUrl(a, theirs.id), { ...theirs })).statusCode).toBe(404);
  });

  it('deletes: 204, an audit row with the old values, then 404', async () => {
    expect((await partnerA.delete(oneUrl(a, mine.id))).statusCode).toBe(204);
    expect(await stored(mine.id)).toBeUndefined();
    expect((await auditOf(mine.id)).at(-1)).toMatchObject({
      event: 'deleted',
      oldValues: { partnerId: a, startDate: '2036-10-01', endDate: '2036-10-05', enabled: false },
      newValues: null,
    });
    expect((await partnerA.delete(oneUrl(a, mine.id))).statusCode).toBe(404);
    expect((await staff.delete(oneUrl(b, theirs.id))).statusCode).toBe(204);
    expect((await h.client().delete(oneUrl(b, theirs.id))).statusCode).toBe(401);
  });
});
