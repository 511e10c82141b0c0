import type { LineStatus, Responsible } from '@bloomline/contract';
import { RESPONSIBLE } from '@bloomline/contract';

import type { Clock } from './dates';
import { addDays, addMonths, atMinutes, sastDate } from './dates';

/** An order the demo needs for a demo florist: a given status and delivery date (single line). */
export interface Showcase {
  partnerId: number;
  status: LineStatus;
  deliveryDate: string;
  /** The line waits for a partner (staff's first job), in the florist's area: `partnerId` only places it. */
  unassigned?: boolean;
  /** Its return stays open and its refund unprocessed: work waiting in the current month. */
  claimsOpen?: boolean;
  /** Who bore its return or refund, for the processed ones of earlier months (each kind every partner). */
  responsible?: Responsible;
}

/** When one order is placed, and whether it is a showcase order. Slots are sorted by time. */
export interface Slot {
  createdAt: Date;
  showcase: Showcase | null;
}

const MINUTE = 60_000;

/**
 * The orders' creation times over the past year (the business grows: the latest months hold almost twice
 * the orders of the first), plus the showcase orders of the demo florists, in time order. The showcase
 * (DECISIONS.md "Demo data": something on every screen whatever the day) takes the first 119 orders: lines
 * waiting for a partner, every status this month with deliveries today, and twelve months of statements.
 */
export function planOrders(total: number, clock: Clock, demoPartnerIds: readonly number[]): Slot[] {
  const showcase = showcaseSlots(clock, demoPartnerIds).slice(0, total);
  const ordinary = ordinarySlots(total - showcase.length, clock);
  // Array.prototype.sort is stable, so equal times keep a fixed order and the result is deterministic.
  return [...ordinary, ...showcase].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

type When = 'today' | 'past' | 'future';
/** Every status in the current month for each demo florist, with open orders for delivery today. */
const CURRENT_MONTH: readonly (readonly [LineStatus, When, 'processed'?])[] = [
  ['open', 'today'],
  ['accepted', 'today'],
  ['delivered', 'past'],
  ['fulfilled', 'today'],
  ['rejected', 'today'],
  ['cancel-requested', 'future'],
  ['cancel-confirmed', 'past'],
  ['hold', 'future'],
  ['return', 'past'],
  ['refund', 'past'],
  ['open', 'today'],
  ['open', 'future'],
  ['accepted', 'future'],
  ['delivered', 'past'],
  // An open return or refund leaves its lines delivered (processing moves them): these two are processed.
  ['return', 'past', 'processed'],
  ['refund', 'past', 'processed'],
];
/** And a history for their statements: delivered orders and a refund in each of the eleven months before. */
const EARLIER_MONTHS: readonly LineStatus[] = ['delivered', 'delivered', 'return', 'refund'];
const EARLIER_MONTH_COUNT = 11;
/** Lines waiting for a partner near the first demo florist, placed in the last hours: [delivery in days]. */
const UNASSIGNED_DELIVERY_DAYS = [0, 0, 1] as const;

function showcaseSlots(clock: Clock, partnerIds: readonly number[]): Slot[] {
  const slots: Slot[] = unassignedSlots(clock, partnerIds[0]);
  const monthBegins = atMinutes(`${clock.today.slice(0, 7)}-01`, 0);
  const span = clock.now.getTime() - monthBegins.getTime();
  CURRENT_MONTH.forEach(([status, when, processed], k) => {
    partnerIds.forEach((partnerId, p) => {
      const createdAt = new Date(
        monthBegins.getTime() + Math.floor(span * ((k + 0.5 + p * 0.3) / (CURRENT_MONTH.length + 1))),
      );
      const created = sastDate(createdAt);
      const deliveryDate =
        when === 'today'
          ? clock.today
          : when === 'future'
            ? addDays(clock.today, 1 + ((k + p) % 3))
            : created < clock.today
              ? addDays(created, 1)
              : clock.today;
      if (processed) {
        const responsible = RESPONSIBLE[(k + p) % RESPONSIBLE.length];
        slots.push({ createdAt, showcase: { partnerId, status, deliveryDate, responsible } });
        return;
      }
      const claimsOpen = status === 'return' || status === 'refund';
      slots.push({ createdAt, showcase: { partnerId, status, deliveryDate, claimsOpen } });
    });
  });
  for (let m = 1; m <= EARLIER_MONTH_COUNT; m++) {
    const first = addMonths(clock.today, -m);
    EARLIER_MONTHS.forEach((status, j) => {
      partnerIds.forEach((partnerId, p) => {
        const deliveryDate = addDays(first, 3 + j * 7 + p);
        const createdAt = atMinutes(addDays(deliveryDate, -1), 9 * 60 + j * 37 + p * 11);
        const responsible = RESPONSIBLE[(m + p) % RESPONSIBLE.length];
        slots.push({ createdAt, showcase: { partnerId, status, deliveryDate, responsible } });
      });
    });
  }
  return slots;
}

/** Open lines without a partner, for delivery today and tomorrow, placed in the hours before now. */
function unassignedSlots(clock: Clock, partnerId: number | undefined): Slot[] {
  if (partnerId === undefined) return [];
  return UNASSIGNED_DELIVERY_DAYS.map((days, k) => ({
    createdAt: new Date(clock.now.getTime() - (k + 1) * 47 * MINUTE),
    showcase: {
      partnerId,
      status: 'open',
      deliveryDate: addDays(clock.today, days),
      unassigned: true,
    },
  }));
}

const DAYS = 366;
const OPEN = 7 * 60;
const CLOSE = 21 * 60;

function ordinarySlots(n: number, clock: Clock): Slot[] {
  if (n <= 0) return [];
  // Density grows linearly from 1 to 1.8 over the year: F(t) = (t + 0.4t²) / 1.4, inverted below.
  const dayOf = new Int32Array(n);
  const perDay = new Int32Array(DAYS);
  for (let i = 0; i < n; i++) {
    const p = (i + 0.5) / n;
    const t = (-1 + Math.sqrt(1 + 2.24 * p)) / 0.8;
    const day = Math.min(DAYS - 1, Math.floor(t * DAYS));
    dayOf[i] = day;
    perDay[day] = (perDay[day] ?? 0) + 1;
  }
  const nowMinutes = (clock.now.getTime() - atMinutes(clock.today, 0).getTime()) / MINUTE;
  const slots: Slot[] = [];
  let rank = 0;
  for (let i = 0; i < n; i++) {
    const day = dayOf[i]!;
    if (i > 0 && dayOf[i - 1] !== day) rank = 0;
    const date = addDays(clock.today, day - (DAYS - 1));
    // Orders arrive from 07:00 to 21:00; today only until now.
    const close = day === DAYS - 1 ? Math.min(CLOSE, nowMinutes) : CLOSE;
    const open = Math.min(OPEN, close * 0.3);
    const minutes = open + ((rank + 0.5) / perDay[day]!) * (close - open);
    slots.push({ createdAt: atMinutes(date, minutes), showcase: null });
    rank++;
  }
  return slots;
}
