import { sql } from 'drizzle-orm';

import { auditEntries, partners } from '../../db/schema';
import type { Harness } from '../../test/harness';
import type { Places } from '../../test/places';

/** How many partners and audit entries there are: a refused request must change neither. */
export async function partnerCounts(h: Harness) {
  const [p] = await h.database.db.select({ n: sql<number>`count(*)::int` }).from(partners);
  const [a] = await h.database.db.select({ n: sql<number>`count(*)::int` }).from(auditEntries);
  return { partners: p!.n, audit: a!.n };
}

/** A partner form with every field filled in, as staff send it (multipart text). */
export const partnerForm = (places: Places) => ({
  name: 'Karoo Blossoms',
  vatNumber: '4987654321',
  partnerType: 'florist',
  rating: '8',
  radius: '25.5',
  address1: '1 Kloof Street',
  address2: 'Shop 4',
  address3: '',
  province_id: places.westernCape,
  city_id: places.capeTown,
  location_id: places.gardens,
  country: '',
  postalCode: '8001',
  latitude: '-33.9301',
  longitude: '18.4123',
  ownerName: 'Karin Botha',
  ownerEmail: 'karin@karoo.example',
  ownerPhone: '+27 82 000 1111',
  businessEmail: 'shop@karoo.example',
  businessPhone: '021 000 2222',
  wholesaleDeliveryFee: '85.50',
  avbobSalesChannel: '1',
  webSalesSalesChannel: '0',
  inStoreSalesChannel: '1',
  b2bSalesChannel: '0',
  bank_name: 'FNB',
  branch_code: '250655',
  account_name: 'Karoo Blossoms (Pty) Ltd',
  account_number: '62000000001',
  account_type: 'Cheque',
  commission: '0.2250',
  enabled: '1',
  saturday: 'same_day',
});
