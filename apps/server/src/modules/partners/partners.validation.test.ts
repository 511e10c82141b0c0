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
    [{ name: '' }, 'name', 'The name field is required.'],
    [{ rating: '0' }, 'rating', 'The rating field must be between 1 and 10.'],
    [{ rating: '11' }, 'rating', 'The rating field must be between 1 and 10.'],
    [{ rating: '5.5' }, 'rating', 'The rating field must be an integer.'],
    [{ rating: 'ten' }, 'rating', 'The rating field must be a number.'],
    [{ radius: '-1' }, 'radius', 'The radius field must be at least 0.'],
    [
      { wholesaleDeliveryFee: '-0.01' },
      'wholesaleDeliveryFee',
      'The wholesale delivery fee field must be at least 0.',
    ],
    [
      { wholesaleDeliveryFee: '1.234' },
      'wholesaleDeliveryFee',
      'The wholesale delivery fee field must have 0-2 decimal places.',
    ],
    [{ commission: '1.5' }, 'commission', 'The commission field must be between 0% and 100%.'],
    [
      { commission: '0.12345' },
      'commission',
      'The commission field must be a percentage with at most 2 decimal places.',
    ],
    [{ latitude: '90.5' }, 'latitude', 'The latitude field must not be greater than 90.'],
    [{ longitude: '-181' }, 'longitude', 'The longitude field must be at least -180.'],
    [{ ownerEmail: 'not-an-email' }, 'ownerEmail', 'The owner email field must be a valid email address.'],
    [{ businessEmail: 'a@' }, 'businessEmail', 'The business email field must be a valid email address.'],
    [{ saturday: 'sunday' }, 'saturday', 'The selected saturday is invalid.'],
    [{ partnerType: 'baker' }, 'partnerType', 'The selected partner type is invalid.'],
    [{ enabled: 'maybe' }, 'enabled', 'The enabled field must be true or false.'],
    [{ location_id: 999999 }, 'location_id', 'The selected location id is invalid.'],
    [{ location_id: 'abc' }, 'location_id', 'The location id field must be an integer.'],
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
      province_id: ['The selected province id is invalid.'],
      city_id: ['The selected city id is invalid.'],
      location_id: ['The selected location id is invalid.'],
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
