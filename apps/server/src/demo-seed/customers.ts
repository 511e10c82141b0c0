import type { DbOrTx } from '../db/client';
import { companies, customerCompanies, customers } from '../db/schema';
import type { Clock } from './dates';
import { addMinutes } from './dates';
import { insertMany } from '../db/bulk';
import { emailFor, personName } from './names';
import type { Partner } from './partners';
import type { Places } from './places';
import { mobilePhone, Rng } from './random';

// prettier-ignore
const AVBOB_BRANCHES: readonly string[] = [
  'Pretoria', 'Johannesburg', 'Soweto', 'Cape Town', 'Durban', 'Bloemfontein', 'Gqeberha', 'Polokwane',
  'Mbombela', 'Kimberley', 'Rustenburg', 'East London',
];
// prettier-ignore
const CORPORATES = [
  'Mzansi Mutual Insurance', 'Karoo Capital', 'Ubuntu Logistics', 'Table Mountain Hotels', 'Indaba Events',
  'Sandton Legal Partners', 'Highveld Motors', 'Coastal Property Group', 'Baobab Consulting', 'Umoya Energy',
  'Jacaranda Medical Centre', 'Fynbos Wine Estates', 'Zenith Accountants', 'Springbok Software',
] as const;
const IN_STORE = [
  'In-store: Cape Town',
  'In-store: Johannesburg',
  'In-store: Durban',
  'In-store: Pretoria',
] as const;

export interface Customer {
  id: number;
  name: string;
  email: string;
}

export interface CustomerBook {
  /** Private buyers (web orders). */
  people: Customer[];
  /** AVBOB branch per city name, with its contact person. */
  avbobByCity: Map<string, { companyId: number; companyName: string; contact: Customer }>;
  avbob: { companyId: number; companyName: string; contact: Customer }[];
  corporates: { companyId: number; companyName: string; contacts: Customer[] }[];
  inStore: { companyId: number; companyName: string }[];
  customerCount: number;
  companyCount: number;
}

/** About a thousand customers for the default 3,000 orders, growing slowly with the order count. */
export function customerCountFor(orders: number): number {
  return Math.max(200, Math.min(5000, Math.round(1000 * Math.pow(Math.max(orders, 1) / 3000, 0.3))));
}

export async function seedCustomers(
  db: DbOrTx,
  clock: Clock,
  places: Places,
  partnerList: readonly Partner[],
  orderCount: number,
): Promise<CustomerBook> {
  const companyRows: (typeof companies.$inferInsert)[] = [];
  const customerRows: (typeof customers.$inferInsert)[] = [];
  const links: (typeof customerCompanies.$inferInsert)[] = [];
  const at = (days: number) => addMinutes(clock.now, -days * 24 * 60);
  const rng = Rng.for(4000);

  const addCompany = (name: string, flags: { avbob?: boolean; b2b?: boolean; inStore?: boolean }) => {
    const id = companyRows.length + 1;
    const xero = flags.b2b && rng.chance(0.6);
    companyRows.push({
      id,
      name,
      avbob: flags.avbob ?? false,
      b2b: flags.b2b ?? false,
      inStore: flags.inStore ?? false,
      xeroContactId: xero ? uuidFrom(rng) : null,
      xeroContactName: xero ? name : null,
      createdAt: at(390 - id),
      updatedAt: at(390 - id),
    });
    return id;
  };
  const addCustomer = (daysAgo: number, companyId?: number, partnerId?: number): Customer => {
    const id = customerRows.length + 1;
    const { first, last } = personName(rng);
    const customer = { id, name: `${first} ${last}`, email: emailFor(first, last, 'mail.example', id) };
    customerRows.push({
      ...customer,
      phone: mobilePhone(rng),
      partnerId: partnerId ?? null,
      createdAt: at(daysAgo),
      updatedAt: at(daysAgo),
    });
    if (companyId) links.push({ customerId: id, companyId });
    return customer;
  };

  const avbob = AVBOB_BRANCHES.map((city) => {
    const companyName = `AVBOB ${city}`;
    const companyId = addCompany(companyName, { avbob: true });
    return { companyId, companyName, city, contact: addCustomer(385, companyId) };
  });
  const corporates = CORPORATES.map((companyName) => {
    const companyId = addCompany(companyName, { b2b: true });
    const contacts = [addCustomer(380, companyId), addCustomer(300, companyId)];
    return { companyId, companyName, contacts };
  });
  const inStore = IN_STORE.map((companyName) => ({
    companyId: addCompany(companyName, { inStore: true }),
    companyName,
  }));

  const target = customerCountFor(orderCount);
  const florists = partnerList.filter((p) => p.type === 'florist');
  const people: Customer[] = [];
  while (customerRows.length < target) {
    const daysAgo = rng.int(1, 380);
    // A few private customers are regulars of one florist.
    const partnerId = rng.chance(0.03) ? rng.pick(florists).id : undefined;
    people.push(addCustomer(daysAgo, undefined, partnerId));
  }

  await insertMany(db, companies, companyRows);
  await insertMany(db, customers, customerRows);
  await insertMany(db, customerCompanies, links);
  const avbobByCity = new Map(avbob.map((a) => [a.city, a]));
  // Cities without a branch of their own are served by the Pretoria branch (AVBOB's home town).
  for (const c of places.cities) if (!avbobByCity.has(c.name)) avbobByCity.set(c.name, avbob[0]!);
  return {
    people,
    avbobByCity,
    avbob,
    corporates,
    inStore,
    customerCount: customerRows.length,
    companyCount: companyRows.length,
  };
}

function uuidFrom(rng: Rng): string {
  const hex = (n: number) => Array.from({ length: n }, () => rng.int(0, 15).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${rng.pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
}
