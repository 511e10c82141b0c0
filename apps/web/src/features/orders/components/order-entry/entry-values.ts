import {
  orderEntryBody,
  orderEntryTotalCents,
  todayInJohannesburg,
  type OrderEntryInput,
  type OrderSource,
  type PaymentType,
} from '@bloomline/contract';

import { moneyValue, type ClientSchema } from '@/ui';

/**
 * The phone order's form (issue 34). Its values are named as the body's fields (`recipient.city`,
 * `lines.0.value`), so the contract's refusals and the server's 422 bag land under the same fields; money is
 * held as typed and read by the contract's parser, never re-read as another number.
 */
export type EntryLine = {
  /** React's key for the row (lines are added and removed). */
  key: string;
  productVariantId: string | null;
  /** What the picker showed for the chosen variant, its picture and retail price. */
  label: string;
  picture: string | null;
  quantity: number | string;
  value: string;
  giftMessage: string;
  customName: string;
};

export type EntryValues = {
  customer: { name: string; email: string; phone: string };
  companyId: string | null;
  recipient: {
    firstName: string;
    lastName: string;
    phone: string;
    company: string;
    address1: string;
    address2: string;
    address3: string;
    city: string;
    postalCode: string;
    latitude: number | null;
    longitude: number | null;
  };
  deliveryDate: string | null;
  isCollection: boolean;
  deliveryFee: string;
  source: OrderSource;
  paymentType: PaymentType;
  profitCentreId: string | null;
  placedByPartnerId: string | null;
  notes: string;
  lines: EntryLine[];
};

let nextKey = 0;
export const emptyLine = (): EntryLine => ({
  key: `line-${String((nextKey += 1))}`,
  productVariantId: null,
  label: '',
  picture: null,
  quantity: 1,
  value: '',
  giftMessage: '',
  customName: '',
});

export const initialEntry = (): EntryValues => ({
  customer: { name: '', email: '', phone: '' },
  companyId: null,
  recipient: {
    firstName: '',
    lastName: '',
    phone: '',
    company: '',
    address1: '',
    address2: '',
    address3: '',
    city: '',
    postalCode: '',
    latitude: null,
    longitude: null,
  },
  deliveryDate: todayInJohannesburg(),
  isCollection: false,
  deliveryFee: '',
  source: 'phone',
  paymentType: 'card',
  profitCentreId: null,
  placedByPartnerId: null,
  notes: '',
  lines: [emptyLine()],
});

const id = (value: string | null) => (value === null ? undefined : Number(value));
/** A quantity as typed: a whole number is sent as one, anything else as typed for the schema to refuse. */
const quantityOf = (q: number | string) => (typeof q === 'string' && /^\d+$/.test(q.trim()) ? Number(q) : q);

/** The request the values make; a money field not (yet) an amount goes as typed, for the schema's words. */
export function toBody(values: EntryValues): OrderEntryInput {
  return {
    source: values.source,
    paymentType: values.paymentType,
    profitCentreId: id(values.profitCentreId),
    companyId: id(values.companyId),
    customer: { ...values.customer },
    recipient: { ...values.recipient },
    deliveryDate: values.deliveryDate ?? '',
    isCollection: values.isCollection,
    notes: values.notes,
    deliveryFee: moneyValue(values.deliveryFee) ?? '',
    placedByPartnerId: values.source === 'in-store' ? id(values.placedByPartnerId) : undefined,
    lines: values.lines.map((l) => ({
      productVariantId: id(l.productVariantId),
      quantity: quantityOf(l.quantity) as number,
      value: moneyValue(l.value) ?? '',
      giftMessage: l.giftMessage,
      customName: l.customName,
    })),
  };
}

/** The contract's body schema over the request the values make: checked as each field is left, and on Save. */
export const entrySchema: ClientSchema = {
  safeParse: (values) => orderEntryBody.safeParse(toBody(values as EntryValues)),
};

/**
 * The totals as they stand, by the contract's one money function: lines whose value or quantity is not (yet) a
 * number count as nothing, so the total never shows a guess.
 */
export function entryTotals(values: EntryValues): { lines: number; deliveryFee: number; total: number } {
  const amount = (typed: string) => {
    const v = moneyValue(typed);
    return typeof v === 'number' ? v : 0;
  };
  const lines = values.lines.map((l) => {
    const quantity = Number(quantityOf(l.quantity));
    return { value: amount(l.value), quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 0 };
  });
  const deliveryFee = amount(values.deliveryFee);
  const total = orderEntryTotalCents({ deliveryFee, lines });
  const withoutDelivery = orderEntryTotalCents({ deliveryFee: 0, lines });
  return { lines: withoutDelivery / 100, deliveryFee, total: total / 100 };
}
