import { bankDetailsBody } from '@bloomline/contract';
import type { BankDetails } from '@bloomline/contract';

import type { DbOrTx } from '../db/client';
import { partnerOfflineTimes, partners } from '../db/schema';
import type { Clock } from './dates';
import { addDays, addMinutes } from './dates';
import { insertMany } from '../db/bulk';
import { emailFor, personName } from './names';
import type { Places } from './places';
import { round6 } from './places';
import { landline, mobilePhone, Rng, slugify } from './random';
import { DEMO_FLORIST, DEMO_FLORIST_2 } from './demo-users';
import { changeBankDetails, confirmBankDetails } from '../shared/bank-details';

/** The florists the two demo partner sign-ins belong to (both in Cape Town, DECISIONS.md "Demo data"). */
/** A florist out of office today, so the reassign dialog has someone to leave out. */
const AWAY_TODAY = 'Melville Blooms';
const DISABLED = new Set(['Fourways Flower Market', 'Table View Roses']);

// [name, type, city, suburb]
// prettier-ignore
const PARTNERS: readonly (readonly [string, 'florist' | 'courier', string, string])[] = [
  ['Petal & Stem', 'florist', 'Johannesburg', 'Sandton'],
  ['Rosebank Flower Studio', 'florist', 'Johannesburg', 'Rosebank'],
  [AWAY_TODAY, 'florist', 'Johannesburg', 'Melville'],
  ['Soweto Florist & Gifts', 'florist', 'Johannesburg', 'Soweto'],
  ['Fourways Flower Market', 'florist', 'Johannesburg', 'Fourways'],
  ['Swift Bike Couriers', 'courier', 'Johannesburg', 'Parkhurst'],
  ['Jozi Express Deliveries', 'courier', 'Johannesburg', 'Midrand'],
  [DEMO_FLORIST, 'florist', 'Cape Town', 'Gardens'],
  [DEMO_FLORIST_2, 'florist', 'Cape Town', 'Constantia'],
  ['Sea Point Petals', 'florist', 'Cape Town', 'Sea Point'],
  ['Fynbos & Co', 'florist', 'Cape Town', 'Observatory'],
  ['Northern Suburbs Florist', 'florist', 'Cape Town', 'Bellville'],
  ['Table View Roses', 'florist', 'Cape Town', 'Table View'],
  ['Cape Courier Co', 'courier', 'Cape Town', 'Claremont'],
  ['Umhlanga Petals', 'florist', 'Durban', 'Umhlanga'],
  ['Berea Flower Market', 'florist', 'Durban', 'Berea'],
  ['Westville Florist', 'florist', 'Durban', 'Westville'],
  ['Coastal Couriers', 'courier', 'Durban', 'Morningside'],
  ['Jacaranda Florist', 'florist', 'Pretoria', 'Hatfield'],
  ['Menlyn Flower Boutique', 'florist', 'Pretoria', 'Menlyn'],
  ['Centurion Blooms', 'florist', 'Pretoria', 'Centurion'],
  ['Waterkloof Flower Studio', 'florist', 'Pretoria', 'Waterkloof'],
  ['Bay Blooms', 'florist', 'Gqeberha', 'Walmer'],
  ['Summerstrand Flowers', 'florist', 'Gqeberha', 'Summerstrand'],
  ['Buffalo City Florist', 'florist', 'East London', 'Vincent'],
  ['Rose City Florist', 'florist', 'Bloemfontein', 'Westdene'],
  ['Free State Flowers', 'florist', 'Bloemfontein', 'Langenhovenpark'],
  ['Baobab Blooms', 'florist', 'Polokwane', 'Bendor'],
  ['Lowveld Flowers', 'florist', 'Mbombela', 'Sonheuwel'],
  ['Diamond Fields Florist', 'florist', 'Kimberley', 'Belgravia'],
  ['Midlands Flower Co', 'florist', 'Pietermaritzburg', 'Scottsville'],
  ['Winelands Florist', 'florist', 'Stellenbosch', 'Dalsig'],
  ['Magalies Flowers', 'florist', 'Rustenburg', 'Cashan'],
  ['Garden Route Blooms', 'florist', 'George', 'Heatherpark'],
  ['Mooi River Florist', 'florist', 'Potchefstroom', 'Die Bult'],
  ['Lakeside Florist', 'florist', 'Benoni', 'Lakefield'],
  ['Zululand Flowers', 'florist', 'Richards Bay', 'Meerensee'],
  ['Lagoon Flowers', 'florist', 'Knysna', 'Paradise'],
  ['Mahikeng Florist', 'florist', 'Mahikeng', 'Riviera Park'],
  ['Kalahari Roses', 'florist', 'Upington', 'Dakota'],
  ['Goldfields Florist', 'florist', 'Welkom', 'Flamingo Park'],
  ['Mthatha Flowers & Gifts', 'florist', 'Mthatha', 'Southernwood'],
];

const BIG_CITIES = new Set(['Johannesburg', 'Cape Town', 'Durban', 'Pretoria']);
// [bank, universal branch code]
const BANKS = [
  ['FNB', '250655'],
  ['Standard Bank', '051001'],
  ['ABSA', '632005'],
  ['Nedbank', '198765'],
  ['Capitec', '470010'],
] as const;

export interface Partner {
  id: number;
  name: string;
  type: 'florist' | 'courier';
  cityId: number;
  cityName: string;
  lat: number;
  lon: number;
  radiusKm: number;
  rating: number;
  commission: number;
  vatRegistered: boolean;
  enabled: boolean;
  /** Inclusive [start, end] dates out of office. */
  offline: (readonly [string, string])[];
  ownerFirst: string;
  ownerLast: string;
  /** Recorded by one payouts user and confirmed by another (seedBankDetails). */
  bank: BankDetails;
  createdAt: Date;
}

const NO_BANK = {
  bankName: null,
  branchCode: null,
  accountName: null,
  accountNumber: null,
  accountType: null,
};

export function isOffline(p: Partner, date: string): boolean {
  return p.offline.some(([start, end]) => start <= date && date <= end);
}

export async function seedPartners(db: DbOrTx, clock: Clock, places: Places): Promise<Partner[]> {
  const list: Partner[] = [];
  const rows: (typeof partners.$inferInsert)[] = [];
  const offlineRows: (typeof partnerOfflineTimes.$inferInsert)[] = [];
  PARTNERS.forEach(([name, type, cityName, suburbName], i) => {
    const rng = Rng.for(1000, i);
    const city = places.cityByName.get(cityName)!;
    const suburb = city.suburbs.find((s) => s.name === suburbName)!;
    const id = i + 1;
    const demo = name === DEMO_FLORIST || name === DEMO_FLORIST_2;
    const owner = personName(rng);
    const big = BIG_CITIES.has(cityName);
    const radiusKm = demo
      ? 30
      : type === 'courier'
        ? rng.int(25, 40)
        : big
          ? rng.int(10, 25)
          : rng.int(20, 40);
    const rating = demo ? 9 : rng.int(2, 10);
    const commission = demo ? 0.25 : rng.int(20, 30) / 100;
    const vatRegistered = name === DEMO_FLORIST || (name !== DEMO_FLORIST_2 && rng.chance(0.45));
    const [bankName, branchCode] = rng.pick(BANKS);
    const domain = `${slugify(name)}.example`;
    const lat = round6(suburb.lat + rng.float(-0.003, 0.003));
    const lon = round6(suburb.lon + rng.float(-0.003, 0.003));
    const createdAt = addMinutes(clock.now, -(390 - i) * 24 * 60);
    const row: typeof partners.$inferInsert = {
      id,
      name,
      vatNumber: vatRegistered ? `4${rng.digits(9)}` : null,
      partnerType: type,
      rating,
      radiusKm,
      address1: `Shop ${String(rng.int(1, 30))}, ${String(rng.int(1, 200))} ${rng.pick(['Main', 'Long', 'Church', 'Kloof', 'Oxford', 'Voortrekker', 'Jan Smuts'])} ${rng.pick(['Street', 'Road', 'Avenue'])}`,
      address2: suburb.name,
      address3: rng.chance(0.3)
        ? `${rng.pick(['The Piazza', 'Village Walk', 'Garden Centre', 'Market Square'])}`
        : null,
      provinceId: city.provinceId,
      cityId: city.id,
      suburbId: suburb.id,
      country: 'South Africa',
      postalCode: suburb.postalCode,
      latitude: lat,
      longitude: lon,
      ownerName: `${owner.first} ${owner.last}`,
      ownerEmail: emailFor(owner.first, owner.last, domain),
      ownerPhone: mobilePhone(rng),
      businessEmail: `info@${domain}`,
      businessPhone: landline(rng, city.areaCode),
      wholesaleDeliveryFeeCents: type === 'courier' ? 0 : rng.pick([0, 5000, 7500, 10000, 15000]),
      avbobSalesChannel: type === 'florist' && !rng.chance(0.2),
      webSalesSalesChannel: true,
      inStoreSalesChannel: type === 'florist',
      b2bSalesChannel: !rng.chance(0.25),
      bankName,
      branchCode,
      accountName: name,
      accountNumber: rng.digits(rng.pick([10, 11])),
      accountType: rng.pick(['Cheque', 'Current', 'Savings']),
      commission: commission.toFixed(4),
      enabled: !DISABLED.has(name),
      saturday: type === 'courier' ? 'open' : rng.pick(['open', 'open', 'same_day', 'closed'] as const),
      createdAt,
      updatedAt: createdAt,
    };
    // The bank details are recorded after the users exist, through the four-eyes change (seedBankDetails).
    const bank = bankDetailsBody.parse({
      bank_name: row.bankName,
      branch_code: row.branchCode,
      account_name: row.accountName,
      account_number: row.accountNumber,
      account_type: row.accountType,
    });
    rows.push({ ...row, ...NO_BANK });
    const offline: (readonly [string, string])[] = [];
    const addOffline = (from: number, to: number, enabled = true) => {
      const period = [addDays(clock.today, from), addDays(clock.today, to)] as const;
      if (enabled) offline.push(period);
      offlineRows.push({
        partnerId: id,
        startDate: period[0],
        endDate: period[1],
        enabled,
        createdAt: addMinutes(clock.now, (from - 20) * 24 * 60),
      });
    };
    if (name === AWAY_TODAY) addOffline(-2, 3);
    if (demo) {
      addOffline(-128, -124);
      addOffline(20, 24);
    } else if (rng.chance(0.4)) {
      const start = -rng.int(30, 330);
      addOffline(start, start + rng.int(1, 10));
    }
    if (!demo && rng.chance(0.15)) addOffline(rng.int(12, 40), rng.int(41, 50), rng.chance(0.8));
    list.push({
      id,
      name,
      type,
      cityId: city.id,
      cityName,
      lat,
      lon,
      radiusKm,
      rating,
      commission,
      vatRegistered,
      enabled: !DISABLED.has(name),
      offline,
      ownerFirst: owner.first,
      ownerLast: owner.last,
      bank,
      createdAt,
    });
  });
  offlineRows.forEach((r, i) => (r.id = i + 1));
  await insertMany(db, partners, rows);
  await insertMany(db, partnerOfflineTimes, offlineRows);
  return list;
}

/**
 * Each partner's bank details as the product records them (issue 46): changed by one user with the payouts
 * permission when the partner joined and confirmed by another two hours later, so the demo's pay runs pay
 * confirmed details. No e-mail is written: the seed tells no partner of anything.
 */
export async function seedBankDetails(
  db: DbOrTx,
  list: readonly Partner[],
  people: { adminId: number; payoutStaffIds: readonly number[] },
): Promise<void> {
  const confirmer = people.payoutStaffIds.find((id) => id !== people.adminId);
  if (confirmer === undefined) throw new Error('the demo needs a second user with the payouts permission');
  for (const p of list) {
    await changeBankDetails(db, {
      partnerId: p.id,
      userId: people.adminId,
      details: p.bank,
      at: p.createdAt,
    });
    await confirmBankDetails(db, {
      partnerId: p.id,
      userId: confirmer,
      at: addMinutes(p.createdAt, 120),
    });
  }
}
