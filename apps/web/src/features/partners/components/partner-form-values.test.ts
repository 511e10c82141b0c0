import { describe, expect, it } from 'vitest';

import { STAFF_ONLY_PARTNER_FIELDS } from '@bloomline/contract';

import { fromPercent, toFormValues, toPercent, toRequest } from './partner-form-values';

describe('partner form values', () => {
  it('starts a new partner with the defaults of part 2', () => {
    expect(toFormValues()).toMatchObject({
      country: 'South Africa',
      avbobSalesChannel: true,
      webSalesSalesChannel: true,
      inStoreSalesChannel: true,
      b2bSalesChannel: true,
      enabled: true,
      partnerType: 'florist',
    });
  });

  it('sends blank coordinates as null, and a profile without any staff-only field', () => {
    const values = { ...toFormValues(), name: 'Petals', latitude: '', longitude: -18 };
    expect(toRequest(values, false)).toMatchObject({ latitude: null, longitude: -18, rating: 5 });
    const profile = toRequest(values, true);
    expect(profile.name).toBe('Petals');
    for (const field of STAFF_ONLY_PARTNER_FIELDS) expect(profile).not.toHaveProperty(field);
  });

  it('shows a fraction as a percentage with two decimals, and back', () => {
    expect(toPercent(0.255)).toBe(25.5);
    expect(toPercent(0.1234)).toBe(12.34);
    expect(fromPercent(22.5)).toBe(0.225);
    expect(fromPercent(12.34)).toBe(0.1234);
    expect(fromPercent('')).toBe('');
  });
});
