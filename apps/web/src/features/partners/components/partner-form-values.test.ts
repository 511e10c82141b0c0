import { describe, expect, it } from 'vitest';

import { STAFF_ONLY_PARTNER_FIELDS } from '@bloomline/contract';

import { toFormValues, toRequest } from './partner-form-values';

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

  it('shows money and the commission as typed and shown, and sends rand and a fraction', () => {
    const values = toFormValues();
    expect(values).toMatchObject({ wholesaleDeliveryFee: 'R 0,00', commission: '25 %' });
    const sent = toRequest({ ...values, wholesaleDeliveryFee: '1 234,5', commission: '22,5' }, false);
    expect(sent).toMatchObject({ wholesaleDeliveryFee: 1234.5, commission: 0.225 });
    // Text that is no number goes as typed, for the contract to refuse; it is never read as another number.
    expect(toRequest({ ...values, commission: '12,50,1' }, false).commission).toBe('12,50,1');
  });
});
