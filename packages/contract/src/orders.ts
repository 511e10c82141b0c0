import { z } from 'zod';

import { ORDER_FILTERS, lineStatus } from './statuses';
import { idField, requiredText, text } from './fields';
import { given, listRequest } from './paging';
import { isoDate } from './validation';

const money = z.number();
const partnerName = z.object({ id: z.number(), name: z.string() });

export const ORDER_SORTS = ['created_at', 'name'] as const;

const orderList = listRequest({
  sorts: ORDER_SORTS,
  sort: 'created_at',
  direction: 'desc',
  filters: {
    p: given(idField().optional()),
    /** The orders of one profit centre (staff; issue 40's saved views filter by it). */
    pc: given(idField().optional()),
    filter: given(z.enum(ORDER_FILTERS).optional()),
    /**
     * The Filter dialog's line status (issue 36): orders with a line in it (a partner: one of their own), beside
     * whatever `filter` the list has.
     */
    status: given(lineStatus.optional()),
    /** Delivery date range, inclusive, YYYY-MM-DD. */
    sd: given(isoDate().optional()),
    ed: given(isoDate().optional()),
  },
});
/**
 * GET /api/orders as the server reads it. `page` and `per_page` fall back like Laravel's paginator does;
 * any other value that is given but malformed (an unknown filter, an impossible date) is a 422 on its field,
 * so a client's typo never silently widens the list.
 */
export const orderListRequest = orderList.strict;
export type OrderListQuery = z.infer<typeof orderListRequest>;
/** The same rules read leniently, for the web's own address: a malformed value falls back to its default. */
export const orderListQuery = orderList.lenient;

export const orderLineSummary = z.object({
  id: z.number(),
  title: z.string(),
  quantity: z.number(),
  value: money,
  status: lineStatus,
  partner: partnerName.nullable(),
  productVariantId: z.number().nullable(),
  giftMessage: z.string().nullable(),
  customName: z.string().nullable(),
});
export type OrderLineSummary = z.infer<typeof orderLineSummary>;

const recipient = {
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  postalCode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The position is its suburb's (else its city's): the order came without coordinates (issue 46). */
  locationApproximate: z.boolean(),
};

/**
 * An order as the lists show it: for a partner, only their lines and their status. It carries what clients
 * of the original API read from the list alone (`notes`, `onPay`, the lines' variant and gift message).
 */
export const orderSummary = z.object({
  id: z.number(),
  name: z.string(),
  status: lineStatus,
  created_at: z.string(),
  deliveryDate: z.string().nullable(),
  isCollection: z.boolean(),
  ...recipient,
  deliveryFee: money,
  totalValue: money,
  hasRefund: z.boolean(),
  hasReturn: z.boolean(),
  notes: z.string().nullable(),
  /** The viewer's on pay incl. delivery (rand); for staff, what every partner on the order is paid. */
  onPay: money,
  lines: z.array(orderLineSummary),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const lineReturn = z.object({
  id: z.number(),
  name: z.string(),
  status: z.string(),
  quantity: z.number(),
  reason: z.string().nullable(),
  reasonNote: z.string().nullable(),
});

export const orderLine = orderLineSummary.extend({
  returns: z.array(lineReturn),
  hasRefund: z.boolean(),
  /** The refunds naming this line (their pages are /orders/refunds/{id}). */
  refunds: z.array(z.object({ id: z.number(), name: z.string() })),
  /** Guideline texts such as "2 x Red rose - stem (Red)". */
  product_components: z.array(z.string()),
  image: z.object({ url: z.string(), altText: z.string().nullable() }).nullable(),
  variantTitle: z.string().nullable(),
});
export type OrderLine = z.infer<typeof orderLine>;

/** What an adjustment row is (issue 46): a change after the order was placed, a credit note, a refund deduction. */
export const ADJUSTMENT_KINDS = ['adjustment', 'credit-note', 'refund-deduction'] as const;

export const adjustment = z.object({
  id: z.number(),
  title: z.string(),
  quantity: z.number(),
  /** Rand; a credit note or a refund deduction is taken from the partner, so it is negative. */
  value: money,
  partner: partnerName.nullable(),
  /** Absent on an adjustment proper; its id is unique only within its kind. */
  kind: z.enum(ADJUSTMENT_KINDS).optional(),
});
export type Adjustment = z.infer<typeof adjustment>;

/** Staff's extra panel: where the order came from. */
export const orderExtra = z.object({
  source: z.string(),
  paymentType: z.string(),
  email: z.string().nullable(),
  customer: z.string().nullable(),
  companyName: z.string().nullable(),
  profitCentre: z.string().nullable(),
  fullyPaid: z.boolean(),
});

export const orderDetail = orderSummary.extend({
  lines: z.array(orderLine),
  adjustments: z.array(adjustment),
  extra: orderExtra.nullable(),
  /**
   * Staff: what is left to refund on the order, its value with delivery less its refunds (rand; issue 46). Last:
   * the compiled serializer writes optional fields after the required ones.
   */
  refundLeft: money.optional(),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const historyEntry = z.object({
  id: z.number(),
  message: z.string(),
  /** Line status id; 3 means rejected and the reason is shown. */
  status: z.number().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  user: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

export const dashboardCounts = z.object({
  awaitingAcceptance: z.number(),
  acceptedOrders: z.number(),
  ordersInProgress: z.number(),
  forDeliveryToday: z.number(),
});
export type DashboardCounts = z.infer<typeof dashboardCounts>;

export const partnerCandidate = z.object({
  partner: z.object({
    id: z.number(),
    name: z.string(),
    rating: z.number(),
    city: z.string().nullable(),
    partnerType: z.string(),
  }),
  /** Kilometres from the delivery point; null when either point is unknown. */
  distance: z.number().nullable(),
  local: z.boolean(),
});
export type PartnerCandidate = z.infer<typeof partnerCandidate>;

export const candidatesQuery = z.object({
  all: z
    .preprocess(
      (v) => (typeof v === 'boolean' ? String(v) : v),
      z.enum(['1', '0', 'true', 'false', '']).optional(),
    )
    .transform((v) => v === '1' || v === 'true'),
  q: text(100).optional(),
});

export const rejectBody = z.object({ reason: requiredText(500) });
export const lineIdBody = z.object({ id: idField() });
export const rejectLineBody = lineIdBody.extend({ reason: requiredText(500) });
export const reassignBody = z.object({ partner_id: idField() });
/** `GET /api/order-line-statuses`: each line status with its id. */
export const lineStatusItem = z.object({ id: z.number(), name: lineStatus });
export const deliveryDateBody = z.object({ deliveryDate: isoDate() });

export const productVariantDetail = z.object({
  id: z.number(),
  title: z.string(),
  sku: z.string().nullable(),
  product: z.object({
    id: z.number(),
    title: z.string(),
    description: z.string().nullable(),
    /** Absolute URLs (built from APP_URL) of JPEG or PNG pictures. */
    images: z.array(z.object({ url: z.string(), altText: z.string().nullable() })),
  }),
  component_rates: z.array(
    z.object({
      /** The recipe line's id, the same as in `GET /api/products/{id}`. */
      id: z.number(),
      quantity: z.number(),
      component_rate: z.object({
        id: z.number(),
        price: money,
        component: z.object({
          id: z.number(),
          name: z.string(),
          unit: z.object({ name: z.string() }).nullable(),
          /** Always given: a component without a colour of its own answers "Mixed". */
          colour: z.object({ name: z.string() }),
        }),
      }),
    }),
  ),
});
export type ProductVariantDetail = z.infer<typeof productVariantDetail>;

/** "2 x Red rose - stem (Red)": how clients turn a variant's component rates into guideline texts. */
export function guidelineText(c: {
  quantity: number;
  name: string;
  unit: string | null;
  colour: string | null;
}): string {
  return `${String(c.quantity)} x ${c.name}${c.unit ? ` - ${c.unit}` : ''}${c.colour ? ` (${c.colour})` : ''}`;
}

/** Wrapped answers. */
export const actionResult = z.object({
  data: z.object({ id: z.number(), status: lineStatus }),
  message: z.string(),
});
