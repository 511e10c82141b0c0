import type { Partner, PartnerListItem } from '@bloomline/contract';

import { stubApi } from '@/test/api-stub';

export const listItem = (overrides: Partial<PartnerListItem> = {}): PartnerListItem => ({
  id: 7,
  name: 'Kloof Street Flowers',
  city: 'Cape Town',
  province: 'Western Cape',
  partnerType: 'florist',
  rating: 9,
  enabled: true,
  latitude: -33.93,
  longitude: 18.41,
  radius: 30,
  ...overrides,
});

export const kloof: Partner = {
  ...listItem(),
  vatNumber: '4123456789',
  address1: 'Shop 3, 12 Kloof Street',
  address2: 'Gardens',
  address3: null,
  province_id: 2,
  city_id: 5,
  location_id: 12,
  suburb: 'Gardens',
  country: 'South Africa',
  postalCode: '8001',
  ownerName: 'Fiona Florist',
  ownerEmail: 'fiona@kloof.example',
  ownerPhone: '082 555 0101',
  businessEmail: 'info@kloof.example',
  businessPhone: '021 555 0101',
  wholesaleDeliveryFee: 75,
  avbobSalesChannel: true,
  webSalesSalesChannel: true,
  inStoreSalesChannel: false,
  b2bSalesChannel: true,
  bank_name: 'FNB',
  branch_code: '250655',
  account_name: 'Kloof Street Flowers',
  account_number: '62000000001',
  account_type: 'Cheque',
  commission: 0.25,
  saturday: 'same_day',
  bank: {
    state: 'ready',
    accountLastFour: '0001',
    shown: true,
    change: {
      id: 3,
      changedBy: { id: 7, name: 'Ayesha Patel' },
      changedAt: '2026-11-02T08:00:00.000Z',
      confirmedBy: { id: 8, name: 'Thandeka Mokoena' },
      confirmedAt: '2026-11-02T10:00:00.000Z',
    },
  },
};

type Reply = { status?: number; body?: unknown } | undefined;

/** The partner endpoints and the place pickers, with `extra` answering first. */
export const partnersApi = (extra?: (url: URL, init: RequestInit) => Reply) =>
  stubApi((url, init) => {
    const reply = extra?.(url, init);
    if (reply) return reply;
    const get = (init.method ?? 'GET') === 'GET';
    if (url.pathname === '/api/config')
      return { body: { data: { mapTileUrl: 'https://tiles.invalid/{z}/{x}/{y}.png' } } };
    if (url.pathname === '/api/partners' && get)
      return { body: { data: [listItem(), listItem({ id: 8, name: 'Table View Roses', enabled: false })] } };
    if (url.pathname === '/api/partners/7' && get) return { body: { data: kloof } };
    if (url.pathname === '/api/provinces')
      return {
        body: {
          data: [
            { id: 1, name: 'Gauteng', parentId: 99 },
            { id: 2, name: 'Western Cape', parentId: 99 },
          ],
        },
      };
    if (url.pathname === '/api/cities')
      return {
        body: {
          data:
            url.searchParams.get('province') === '2'
              ? [{ id: 5, name: 'Cape Town', parentId: 2 }]
              : [{ id: 6, name: 'Johannesburg', parentId: 1 }],
        },
      };
    if (url.pathname === '/api/suburbs')
      return {
        body: {
          data:
            url.searchParams.get('city') === '5'
              ? [
                  { id: 12, name: 'Gardens', parentId: 5 },
                  { id: 13, name: 'Sea Point', parentId: 5 },
                ]
              : [{ id: 20, name: 'Rosebank', parentId: 6 }],
        },
      };
    return undefined;
  });
