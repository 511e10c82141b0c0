import type { LineStatus } from '@bloomline/contract';

import type { ProductType } from './catalogue-data';
import type { World } from './context';
import type { Showcase } from './order-plan';
import type { Partner } from './partners';
import { isOffline } from './partners';
import type { City } from './places';
import { haversineKm } from './places';
import type { Rng } from './random';

/** Where an order comes from: the web shop, AVBOB branches, a florist's counter, a business account. */
export type Source = 'web' | 'avbob' | 'in-store' | 'b2b';

/** What an order's lines are chosen from: its showcase, its partner, where and when it is delivered. */
export interface LineContext {
  showcase: Showcase | null;
  primary: Partner | null;
  city: City;
  at: { lat: number; lon: number };
  onDate: string;
  bucket: 'future' | 'today' | 'recent' | 'old';
}

/**
 * Who a line goes to: the order's partner; for a few hampers a courier, now and then another florist for a
 * further line. A few open lines wait for a partner (nobody was found, or the partner un-accepted them), and
 * so does a showcase line meant to be unassigned.
 */
export function linePartner(
  world: World,
  rng: Rng,
  order: LineContext,
  line: { type: ProductType; k: number; status: LineStatus },
): Partner | null {
  const { showcase, primary, city, at, onDate } = order;
  if (showcase) return showcase.unassigned ? null : primary;
  let partner = primary;
  if (line.type === 'Hamper' && rng.chance(0.3)) {
    partner = pickPartner(world, rng, city, at.lat, at.lon, onDate, 'courier') ?? primary;
  } else if (line.k > 0 && rng.chance(0.1)) {
    partner = pickPartner(world, rng, city, at.lat, at.lon, onDate, 'florist') ?? primary;
  }
  if (line.status === 'open' && order.bucket !== 'old' && rng.chance(0.08)) return null;
  return partner;
}

/**
 * The partner for a delivery point: an enabled partner of the city, not out of office that day, whose
 * radius covers the point, chosen by rating (the demo florists get more than their share); else the
 * nearest available one (in another town when need be).
 */
export function pickPartner(
  world: World,
  rng: Rng,
  city: City,
  lat: number,
  lon: number,
  date: string,
  type: 'florist' | 'courier',
): Partner | null {
  const available = (p: Partner) => p.type === type && p.enabled && !isOffline(p, date);
  let candidates = (world.partnersByCity.get(city.id) ?? []).filter(available);
  // A town whose only florist is away is served by the nearest florist elsewhere.
  if (candidates.length === 0 && type === 'florist') candidates = world.partners.filter(available);
  if (candidates.length === 0) return null;
  const withDistance = candidates.map((p) => ({ p, km: haversineKm(lat, lon, p.lat, p.lon) }));
  const local = withDistance.filter((c) => c.km <= c.p.radiusKm);
  if (local.length === 0) return withDistance.reduce((a, b) => (b.km < a.km ? b : a)).p;
  return rng.weighted(
    local.map((c) => [c.p, c.p.rating * (world.demoPartnerIds.includes(c.p.id) ? 2 : 1)] as const),
  );
}

/** In-store orders are placed by a florist in another city for delivery here. */
export function relayPartner(world: World, rng: Rng, city: City): Partner | null {
  const others = world.partners.filter((p) => p.type === 'florist' && p.enabled && p.cityId !== city.id);
  return others.length > 0 ? rng.pick(others) : null;
}

/** Who pays for an order from `source`, and the profit centre it books to. */
export function chooseBuyer(world: World, rng: Rng, source: Source, city: City) {
  const book = world.customers;
  if (source === 'avbob') {
    const branch = book.avbobByCity.get(city.name) ?? book.avbob[0]!;
    const c = branch.contact;
    return {
      customerId: c.id,
      companyId: branch.companyId,
      email: c.email,
      profitCentre: 'AVBOB' as const,
      recipientCompany: null,
    };
  }
  if (source === 'b2b') {
    const corp = rng.pick(book.corporates);
    const c = rng.pick(corp.contacts);
    return {
      customerId: c.id,
      companyId: corp.companyId,
      email: c.email,
      profitCentre: 'Corporate' as const,
      recipientCompany: corp.companyName,
    };
  }
  const c = rng.pick(book.people);
  if (source === 'in-store') {
    const shop = book.inStore.find((s) => s.companyName.endsWith(city.name)) ?? rng.pick(book.inStore);
    return {
      customerId: c.id,
      companyId: shop.companyId,
      email: c.email,
      profitCentre: 'In-store' as const,
      recipientCompany: null,
    };
  }
  return {
    customerId: c.id,
    companyId: null,
    email: c.email,
    profitCentre: 'Web' as const,
    recipientCompany: null,
  };
}
