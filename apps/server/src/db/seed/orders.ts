import { deriveOrderStatus } from '@bloomline/contract';
import type { LineStatus } from '@bloomline/contract';

import type { ProductType } from './catalogue-data';
import type { Batch, Ids, Ledger, World } from './context';
import { addDays, daysBetween, sastDate, weekday } from './dates';
import type { FinanceLine } from './finance';
import { orderFinance } from './finance';
import type { HistoryLine } from './history';
import { linePath, writeHistory } from './history';
import { GIFT_MESSAGES, ORDER_NOTES, personName, SYMPATHY_MESSAGES } from './names';
import type { Slot } from './order-plan';
import { haversineKm, streetAddress } from './places';
import { mobilePhone, Rng } from './random';
import { chooseBuyer, linePartner, pickPartner, relayPartner } from './order-parties';
import type { LineContext, Source } from './order-parties';

type Weights<T> = readonly (readonly [T, number])[];

const SOURCES: Weights<Source> = [
  ['web', 70],
  ['avbob', 12],
  ['in-store', 8],
  ['b2b', 10],
];
const TYPES: Record<Source, Weights<ProductType>> = {
  web: [
    ['Bouquet', 55],
    ['Arrangement', 20],
    ['Hamper', 15],
    ['Plant', 10],
  ],
  avbob: [['Funeral', 1]],
  'in-store': [
    ['Bouquet', 60],
    ['Arrangement', 25],
    ['Funeral', 15],
  ],
  b2b: [
    ['Arrangement', 40],
    ['Plant', 30],
    ['Hamper', 20],
    ['Bouquet', 10],
  ],
};
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

/** How far along a line is, by how long ago its delivery date was (DECISIONS.md statuses). */
const BY_AGE: Record<'future' | 'today' | 'recent' | 'old', Weights<LineStatus>> = {
  future: [
    ['open', 50],
    ['accepted', 34],
    ['hold', 5],
    ['cancel-requested', 4],
    ['rejected', 5],
    ['cancel-confirmed', 2],
  ],
  today: [
    ['open', 18],
    ['accepted', 27],
    ['fulfilled', 25],
    ['delivered', 18],
    ['hold', 3],
    ['cancel-requested', 3],
    ['rejected', 4],
    ['cancel-confirmed', 2],
  ],
  recent: [
    ['delivered', 80],
    ['fulfilled', 4],
    ['accepted', 1],
    ['cancel-confirmed', 5],
    ['rejected', 2],
    ['return', 3],
    ['refund', 3],
    ['cancel-requested', 1],
    ['hold', 1],
  ],
  old: [
    ['delivered', 885],
    ['cancel-confirmed', 50],
    ['return', 20],
    ['refund', 35],
    ['rejected', 3],
    ['hold', 2],
  ],
};

/** Generates one order with its lines, history, audit sample and money into `batch`; returns its line count. */
export function buildOrder(
  world: World,
  slot: Slot,
  index: number,
  batch: Batch,
  ids: Ids,
  ledger: Ledger,
): number {
  const { clock } = world;
  const rng = Rng.for(5000, index);
  const id = index + 1;
  const name = `#BL${String(10001 + index)}`;
  const createdAt = slot.createdAt;
  const createdOn = sastDate(createdAt);
  const showcase = slot.showcase;
  const showcasePartner = showcase ? world.partnerById.get(showcase.partnerId)! : null;

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

  let deliveryDate: string | null;
  if (showcase) deliveryDate = showcase.deliveryDate;
  else {
    deliveryDate = addDays(createdOn, rng.weighted(LEAD_DAYS));
    if (weekday(deliveryDate) === 0) deliveryDate = addDays(deliveryDate, 1); // florists rest on Sundays
    if (deliveryDate > clock.today && rng.chance(0.02)) deliveryDate = null; // staff will set it
  }
  const age = daysBetween(deliveryDate ?? clock.today, clock.today);
  const bucket =
    deliveryDate === null || age < 0 ? 'future' : age === 0 ? 'today' : age <= 2 ? 'recent' : 'old';
  const pickStatus = () => rng.weighted(BY_AGE[bucket]);

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

  const baseStatus: LineStatus = showcase ? showcase.status : pickStatus();
  const order: LineContext = { showcase, primary, city, at: address, onDate, bucket };
  const lines: (FinanceLine & HistoryLine & { row: Batch['lines'][number] })[] = [];
  for (let k = 0; k < lineCount; k++) {
    const type = rng.weighted(TYPES[source]);
    const variant = rng.pick(
      world.catalogue.variantsByType.get(type) ?? world.catalogue.variantsByType.get('Bouquet')!,
    );
    let status = k === 0 || rng.chance(0.8) ? baseStatus : pickStatus();
    const partner = linePartner(world, rng, order, { type, k, status });
    let unaccepted = false;
    if (!partner) {
      status = bucket === 'old' || bucket === 'recent' ? 'cancel-confirmed' : 'open';
      unaccepted = status === 'open' && rng.chance(0.4);
    }
    const viaReturn = status === 'refund' && rng.chance(0.3);
    const steps = linePath(rng, status, { createdAt, deliveryDate, now: clock.now, viaReturn, unaccepted });
    const at = (s: LineStatus) => steps.find((x) => x.status === s)?.at ?? null;
    const lineId = ids.line.next();
    const funeral = type === 'Funeral';
    const mourned = personName(rng);
    const quantity = rng.chance(0.08) ? 2 : 1;
    const updatedAt = steps.length > 0 ? steps[steps.length - 1]!.at : createdAt;
    const row: Batch['lines'][number] = {
      id: lineId,
      orderId: id,
      partnerId: partner?.id ?? null,
      status,
      productVariantId: variant.id,
      title: variant.productTitle,
      quantity,
      valueCents: variant.priceCents,
      giftMessage: funeral ? rng.pick(SYMPATHY_MESSAGES) : rng.chance(0.7) ? rng.pick(GIFT_MESSAGES) : null,
      customName: funeral && rng.chance(0.6) ? `In loving memory of ${mourned.first} ${mourned.last}` : null,
      partnerDelivers: !isCollection && (partner === null || partner === primary),
      statusBeforeCancel: status === 'cancel-requested' ? 'accepted' : null,
      createdAt,
      updatedAt,
      acceptedAt: at('accepted'),
      fulfilledAt: at('fulfilled'),
      deliveredAt: at('delivered'),
    };
    lines.push({
      row,
      id: lineId,
      title: variant.productTitle,
      actor: partner ?? (unaccepted ? primary : null),
      steps,
      partner,
      status,
      valueCents: variant.priceCents,
      quantity,
      partnerDelivers: row.partnerDelivers ?? true,
      deliveredAt: row.deliveredAt ?? null,
      returnedAt: at('return'),
      refundedAt: at('refund'),
      viaReturn,
    });
  }

  const linesValue = lines.reduce((s, l) => s + l.valueCents * l.quantity, 0);
  const totalValueCents = linesValue + deliveryFeeCents;
  const status = deriveOrderStatus(lines);
  const buyer = chooseBuyer(world, rng, source, city);
  const placedBy = source === 'in-store' ? relayPartner(world, rng, city) : null;
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
  const sinceCreated = daysBetween(createdOn, clock.today);
  const fullyPaid =
    paymentType === 'card'
      ? true
      : paymentType === 'eft'
        ? sinceCreated > 2 || rng.chance(0.6)
        : rng.chance(sinceCreated > 45 ? 0.97 : 0.3);

  const money = orderFinance(
    world,
    rng,
    batch,
    ids,
    ledger,
    {
      id,
      name,
      createdAt,
      deliveryDate,
      deliveryFeeCents,
      totalValueCents,
      placedBy,
      cancelled: status === 'cancel-confirmed',
      claimsOpen: showcase?.claimsOpen ?? false,
    },
    lines,
  );
  writeHistory(world, rng, batch, ids, { id, name, createdAt }, lines, index % 20 === 0);
  batch.lines.push(...lines.map((l) => l.row));
  const updatedAt = lines.reduce((m, l) => (l.row.updatedAt! > m ? l.row.updatedAt! : m), createdAt);
  batch.orders.push({
    id,
    name,
    status,
    customerId: buyer.customerId,
    companyId: buyer.companyId,
    profitCentreId: world.catalogue.profitCentreId[buyer.profitCentre],
    source,
    paymentType,
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
    deliveryDate,
    isCollection,
    deliveryFeeCents,
    totalValueCents,
    hasRefund: money.hasRefund,
    hasReturn: money.hasReturn,
    hasUnassigned: lines.some((l) => l.partner === null),
    fullyPaid,
    placedByPartnerId: placedBy?.id ?? null,
    createdAt,
    updatedAt,
  });
  return lines.length;
}
