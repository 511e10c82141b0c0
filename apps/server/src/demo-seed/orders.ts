import { deriveOrderStatus } from '@bloomline/contract';
import type { LineStatus } from '@bloomline/contract';

import type { Batch, Ids, World } from './context';
import { addDays, daysBetween, sastDate, weekday } from './dates';
import { orderFinance } from './finance';
import { writeHistory } from './history';
import { ORDER_NOTES, personName } from './names';
import type { Showcase, Slot } from './order-plan';
import { haversineKm, streetAddress } from './places';
import { mobilePhone, Rng } from './random';
import { chooseBuyer, pickPartner, relayPartner } from './order-parties';
import type { LineContext, Source } from './order-parties';
import type { OrderLine } from './order-lines';
import { buildLine, BY_AGE } from './order-lines';
import type { Partner } from './partners';

type Weights<T> = readonly (readonly [T, number])[];

const SOURCES: Weights<Source> = [
  ['web', 70],
  ['avbob', 12],
  ['in-store', 8],
  ['b2b', 10],
];
const LEAD_DAYS: Weights<number> = [
  [0, 30],
  [1, 35],
  [2, 15],
  [3, 6],
  [4, 4],
  [5, 3],
  [6, 2],
  [7, 2],
  [10, 2],
  [14, 1],
];
const DELIVERY_FEES = [8000, 9500, 9900, 12000, 15000] as const;

/** Generates one order with its lines, history, audit sample and money into `batch`; returns its line count. */
export function buildOrder(world: World, slot: Slot, index: number, batch: Batch, ids: Ids): number {
  const { clock } = world;
  const rng = Rng.for(5000, index);
  const id = index + 1;
  const name = `#BL${String(10001 + index)}`;
  const createdAt = slot.createdAt;
  const createdOn = sastDate(createdAt);
  const showcase = slot.showcase;
  const showcasePartner = showcase ? world.partnerById.get(showcase.partnerId)! : null;

  const where = placeOf(world, rng, showcase, showcasePartner);
  const { source, city, address } = where;
  const deliveryDate = deliveryDateOf(rng, clock.today, createdOn, showcase);
  const age = daysBetween(deliveryDate ?? clock.today, clock.today);
  const bucket =
    deliveryDate === null || age < 0 ? 'future' : age === 0 ? 'today' : age <= 2 ? 'recent' : 'old';

  const isCollection = !showcase && (source === 'web' || source === 'in-store') && rng.chance(0.04);
  const deliveryFeeCents = isCollection ? 0 : rng.pick(DELIVERY_FEES);
  const onDate = deliveryDate ?? clock.today;
  const primary =
    showcasePartner ?? pickPartner(world, rng, city, address.lat, address.lon, onDate, 'florist');
  const lineCount = showcase
    ? 1
    : rng.weighted([
        [1, 80],
        [2, 15],
        [3, 5],
      ] as const);

  const baseStatus: LineStatus = showcase ? showcase.status : rng.weighted(BY_AGE[bucket]);
  const order: LineContext = { showcase, primary, city, at: address, onDate, bucket };
  const lines: OrderLine[] = [];
  for (let k = 0; k < lineCount; k++) {
    lines.push(
      buildLine(world, rng, ids, {
        order,
        source,
        baseStatus,
        k,
        orderId: id,
        createdAt,
        deliveryDate,
        isCollection,
      }),
    );
  }

  const linesValue = lines.reduce((s, l) => s + l.valueCents * l.quantity, 0);
  const totalValueCents = linesValue + deliveryFeeCents;
  const buyer = chooseBuyer(world, rng, source, city);
  const placedBy = source === 'in-store' ? relayPartner(world, rng, city) : null;
  const payment = paymentOf(rng, source, daysBetween(createdOn, clock.today));

  // Before the order's status: an open claim leaves its lines as they were.
  const money = orderFinance(
    world,
    rng,
    batch,
    ids,
    {
      id,
      name,
      createdAt,
      deliveryDate,
      deliveryFeeCents,
      isCollection,
      totalValueCents,
      placedBy,
      cancelled: deriveOrderStatus(lines) === 'cancel-confirmed',
      claimsOpen: showcase?.claimsOpen ?? false,
      responsible: showcase?.responsible ?? null,
    },
    lines,
  );
  const status = deriveOrderStatus(lines);
  writeHistory(world, rng, batch, ids, { id, name, createdAt }, lines, index % 20 === 0);
  batch.lines.push(...lines.map((l) => l.row));
  const updatedAt = lines.reduce((m, l) => (l.row.updatedAt! > m ? l.row.updatedAt! : m), createdAt);
  batch.orders.push(
    orderRow(world, rng, {
      id,
      name,
      status,
      where,
      buyer,
      payment,
      deliveryDate,
      isCollection,
      deliveryFeeCents,
      totalValueCents,
      money,
      hasUnassigned: lines.some((l) => l.partner === null),
      placedBy,
      createdAt,
      updatedAt,
    }),
  );
  return lines.length;
}

/** Where the order comes from and goes to: its source, city, suburb, street address and recipient. */
function placeOf(world: World, rng: Rng, showcase: Showcase | null, showcasePartner: Partner | null) {
  const source: Source = showcase ? 'web' : rng.weighted(SOURCES);
  const city = showcasePartner
    ? world.places.cities.find((c) => c.id === showcasePartner.cityId)!
    : rng.weighted(world.places.cities.map((c) => [c, c.weight] as const));
  const suburbs = showcasePartner
    ? city.suburbs.filter(
        (s) =>
          haversineKm(s.lat, s.lon, showcasePartner.lat, showcasePartner.lon) <= showcasePartner.radiusKm,
      )
    : city.suburbs;
  const suburb = rng.pick(suburbs.length > 0 ? suburbs : city.suburbs);
  const address = streetAddress(rng, suburb);
  const recipient = personName(rng);
  return { source, city, suburb, address, recipient };
}

/** The day it is to be delivered: a few days after it was placed, never a Sunday, now and then not yet set. */
function deliveryDateOf(
  rng: Rng,
  today: string,
  createdOn: string,
  showcase: Showcase | null,
): string | null {
  if (showcase) return showcase.deliveryDate;
  let deliveryDate: string | null = addDays(createdOn, rng.weighted(LEAD_DAYS));
  if (weekday(deliveryDate) === 0) deliveryDate = addDays(deliveryDate, 1); // florists rest on Sundays
  if (deliveryDate > today && rng.chance(0.02)) deliveryDate = null; // staff will set it
  return deliveryDate;
}

/** How the order is paid (card on the web and in store, an account for businesses) and whether it is paid up. */
function paymentOf(rng: Rng, source: Source, sinceCreated: number) {
  const paymentType =
    source === 'web'
      ? rng.chance(0.85)
        ? 'card'
        : 'eft'
      : source === 'in-store'
        ? 'card'
        : source === 'b2b' && rng.chance(0.3)
          ? 'eft'
          : 'account';
  const fullyPaid =
    paymentType === 'card'
      ? true
      : paymentType === 'eft'
        ? sinceCreated > 2 || rng.chance(0.6)
        : rng.chance(sinceCreated > 45 ? 0.97 : 0.3);
  return { paymentType, fullyPaid };
}

/** The order's own row, with the recipient's phone, company and notes drawn last. */
function orderRow(
  world: World,
  rng: Rng,
  o: {
    id: number;
    name: string;
    status: LineStatus;
    where: ReturnType<typeof placeOf>;
    buyer: ReturnType<typeof chooseBuyer>;
    payment: ReturnType<typeof paymentOf>;
    deliveryDate: string | null;
    isCollection: boolean;
    deliveryFeeCents: number;
    totalValueCents: number;
    money: { hasRefund: boolean; hasReturn: boolean };
    hasUnassigned: boolean;
    placedBy: Partner | null;
    createdAt: Date;
    updatedAt: Date;
  },
): Batch['orders'][number] {
  const { buyer, isCollection } = o;
  const { source, city, suburb, address, recipient } = o.where;
  return {
    id: o.id,
    name: o.name,
    status: o.status,
    customerId: buyer.customerId,
    companyId: buyer.companyId,
    profitCentreId: world.catalogue.profitCentreId[buyer.profitCentre],
    source,
    paymentType: o.payment.paymentType,
    email: buyer.email,
    firstName: recipient.first,
    lastName: recipient.last,
    phone: mobilePhone(rng),
    company:
      buyer.recipientCompany ??
      (rng.chance(0.08)
        ? rng.pick(['Netcare Hospital', 'Life Healthcare', 'Old Mutual', 'Woolworths Head Office'])
        : null),
    address1: isCollection ? null : address.address1,
    address2: isCollection ? null : address.address2,
    city: city.name,
    country: 'South Africa',
    postalCode: suburb.postalCode,
    latitude: address.lat,
    longitude: address.lon,
    notes: rng.chance(0.25) ? rng.pick(ORDER_NOTES) : null,
    deliveryDate: o.deliveryDate,
    isCollection,
    deliveryFeeCents: o.deliveryFeeCents,
    totalValueCents: o.totalValueCents,
    hasRefund: o.money.hasRefund,
    hasReturn: o.money.hasReturn,
    hasUnassigned: o.hasUnassigned,
    fullyPaid: o.payment.fullyPaid,
    placedByPartnerId: o.placedBy?.id ?? null,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  };
}
