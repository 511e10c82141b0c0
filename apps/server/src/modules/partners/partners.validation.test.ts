import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Partner } from '@bloomline/contract';

import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { createPlaces } from '../../test/places';
import type { Places } from '../../test/places';
import { partnerCounts, partnerForm } from './partners.test-support';

// The 422 bag of every partner field, in Laravel's words, on create and on update; nothing is written.

let h: Harness;
let staff: TestClient;
let places: Places;
type Errors = { message: string; errors: Record<string, string[]> };

beforeAll(async () => {
  h = await createHarness();
  ({ staff } = await h.signedIn('10.12.0'));
  places = await createPlaces(h.database.db);
});
afterAll(() => h.close());

describe('422: every field in Laravel’s words, and nothing written', () => {
  const cases: [Record<string, string | number>, string, string][] = [
    [{ name: '' }, 'name', 'Name is required.'],
    [{ rating: '0' }, 'rating', 'Rating must be between 1 and 10.'],
    [{ rating: '11' }, 'rating', 'Rating must be between 1 and 10.'],
    [{ rating: '5.5' }, 'rating', 'Rating must be a whole number.'],
    [{ rating: 'ten' }, 'rating', 'Rating must be a number.'],
    [{ radius: '-1' }, 'radius', 'Radius must be at least 0.'],
    [{ wholesaleDeliveryFee: '-0.01' }, 'wholesaleDeliveryFee', 'Wholesale delivery fee cannot be negative.'],
    [
      { wholesaleDeliveryFee: '1.234' },
      'wholesaleDeliveryFee',
      'Wholesale delivery fee can have at most 2 decimals.',
    ],
    [{ commission: '1.5' }, 'commission', 'Commission must be between 0 % and 100 %.'],
    [{ commission: '0.12345' }, 'commission', 'Commission can have at most 2 decimals.'],
    [{ latitude: '90.5' }, 'latitude', 'Latitude must be at most 90.'],
    [{ longitude: '-181' }, 'longitude', 'Longitude must be at least -180.'],
    [{ ownerEmail: 'not-an-email' }, 'ownerEmail', 'Owner email must be a valid email address.'],
    [{ businessEmail: 'a@' }, 'businessEmail', 'Business email must be a valid email address.'],
    [{ saturday: 'sunday' }, 'saturday', 'Choose a valid saturday.'],
    [{ partnerType: 'baker' }, 'partnerType', 'Choose a valid partner type.'],
    [{ enabled: 'maybe' }, 'enabled', 'Enabled must be true or false.'],
    [{ location_id: 999999 }, 'location_id', 'Choose a valid suburb.'],
    [{ location_id: 'abc' }, 'location_id', 'Suburb must be a whole number.'],
  ];

  it.each(cases)('%o is a 422 on %s', async (fields, field, message) => {
    const before = await partnerCounts(h);
    const res = await staff.form('/api/partners', { ...partnerForm(places), ...fields });
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>().errors).toEqual({ [field]: [message] });
    expect(await partnerCounts(h)).toEqual(before);
  });

  it('refuses a place of the wrong type or outside its parent, on its field', async () => {
    const before = await partnerCounts(h);
    const wrongType = await staff.form('/api/partners', {
      ...partnerForm(places),
      province_id: places.capeTown,
      city_id: places.gardens,
      location_id: places.westernCape,
    });
    expect(wrongType.json<Errors>().errors).toEqual({
      province_id: ['Choose a valid province.'],
      city_id: ['Choose a valid city.'],
      location_id: ['Choose a valid suburb.'],
    });
    const elsewhere = await staff.form('/api/partners', {
      ...partnerForm(places),
      city_id: places.johannesburg,
      location_id: places.rosebank,
    });
    expect(elsewhere.json<Errors>().errors).toEqual({
      city_id: ['The selected city is not in the selected province.'],
    });
    const suburb = await staff.form('/api/partners', {
      ...partnerForm(places),
      location_id: places.rosebank,
    });
    expect(suburb.json<Errors>().errors).toEqual({
      location_id: ['The selected suburb is not in the selected city.'],
    });
    expect(await partnerCounts(h)).toEqual(before);
  });

  it('refuses the same on an update and leaves the record as it was', async () => {
    const id = h.fixtures.partnerA.id;
    const before = (await staff.get(`/api/partners/${String(id)}`)).json<{ data: Partner }>().data;
    const res = await staff.form(
      `/api/partners/${String(id)}`,
      { _method: 'PUT', name: 'Renamed', rating: '12', location_id: places.capeTown },
      'POST',
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<Errors>().errors).sort()).toEqual(['rating']);
    expect((await staff.get(`/api/partners/${String(id)}`)).json<{ data: Partner }>().data).toEqual(before);
  });
});
