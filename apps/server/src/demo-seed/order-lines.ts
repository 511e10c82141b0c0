import type { LineStatus } from '@bloomline/contract';

import type { ProductType } from './catalogue-data';
import type { Batch, Ids, World } from './context';
import type { FinanceLine } from './finance';
import type { HistoryLine } from './history';
import { linePath } from './history';
import { GIFT_MESSAGES, personName, SYMPATHY_MESSAGES } from './names';
import { linePartner } from './order-parties';
import type { LineContext, Source } from './order-parties';
import type { Rng } from './random';

type Weights<T> = readonly (readonly [T, number])[];

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
/** How far along a line is, by how long ago its delivery date was (DECISIONS.md statuses). */
export const BY_AGE: Record<'future' | 'today' | 'recent' | 'old', Weights<LineStatus>> = {
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

export type OrderLine = FinanceLine & HistoryLine & { row: Batch['lines'][number] };

/** One line of the order: its product, partner, status and the steps that led there. */
export function buildLine(
  world: World,
  rng: Rng,
  ids: Ids,
  {
    order,
    source,
    baseStatus,
    k,
    orderId,
    createdAt,
    deliveryDate,
    isCollection,
  }: {
    order: LineContext;
    source: Source;
    baseStatus: LineStatus;
    k: number;
    orderId: number;
    createdAt: Date;
    deliveryDate: string | null;
    isCollection: boolean;
  },
): OrderLine {
  const { bucket, primary } = order;
  const type = rng.weighted(TYPES[source]);
  const variant = rng.pick(
    world.catalogue.variantsByType.get(type) ?? world.catalogue.variantsByType.get('Bouquet')!,
  );
  let status = k === 0 || rng.chance(0.8) ? baseStatus : rng.weighted(BY_AGE[bucket]);
  const partner = linePartner(world, rng, order, { type, k, status });
  let unaccepted = false;
  if (!partner) {
    status = bucket === 'old' || bucket === 'recent' ? 'cancel-confirmed' : 'open';
    unaccepted = status === 'open' && rng.chance(0.4);
  }
  const viaReturn = status === 'refund' && rng.chance(0.3);
  const steps = linePath(rng, status, {
    createdAt,
    deliveryDate,
    now: world.clock.now,
    viaReturn,
    unaccepted,
  });
  const at = (s: LineStatus) => steps.find((x) => x.status === s)?.at ?? null;
  const lineId = ids.line.next();
  const funeral = type === 'Funeral';
  const mourned = personName(rng);
  const quantity = rng.chance(0.08) ? 2 : 1;
  const updatedAt = steps.length > 0 ? steps[steps.length - 1]!.at : createdAt;
  const row: Batch['lines'][number] = {
    id: lineId,
    orderId,
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
  return {
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
  };
}
