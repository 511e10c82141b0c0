import type {
  auditEntries,
  bills,
  creditNotes,
  orderHistory,
  orderLines,
  orders,
  refundLines,
  refundPartners,
  refunds,
  returnLines,
  returns,
} from '../db/schema';
import type { Catalogue } from './catalogue';
import type { CustomerBook } from './customers';
import type { Clock } from './dates';
import { IdCounter } from '../db/bulk';
import type { Partner } from './partners';
import type { Places } from './places';
import type { People } from './users';

/** Everything generated before the orders, which the orders point at. */
export interface World {
  clock: Clock;
  vat: number;
  places: Places;
  partners: readonly Partner[];
  partnerById: Map<number, Partner>;
  /** Enabled partners per city id. */
  partnersByCity: Map<number, Partner[]>;
  demoPartnerIds: readonly number[];
  people: People;
  catalogue: Catalogue;
  customers: CustomerBook;
}

/** The rows of one chunk of orders, inserted together. */
export interface Batch {
  orders: (typeof orders.$inferInsert)[];
  lines: (typeof orderLines.$inferInsert)[];
  history: (typeof orderHistory.$inferInsert)[];
  audit: (typeof auditEntries.$inferInsert)[];
  bills: (typeof bills.$inferInsert)[];
  creditNotes: (typeof creditNotes.$inferInsert)[];
  returns: (typeof returns.$inferInsert)[];
  returnLines: (typeof returnLines.$inferInsert)[];
  refunds: (typeof refunds.$inferInsert)[];
  refundPartners: (typeof refundPartners.$inferInsert)[];
  refundLines: (typeof refundLines.$inferInsert)[];
}

export function emptyBatch(): Batch {
  return {
    orders: [],
    lines: [],
    history: [],
    audit: [],
    bills: [],
    creditNotes: [],
    returns: [],
    returnLines: [],
    refunds: [],
    refundPartners: [],
    refundLines: [],
  };
}

/** Id counters that run across chunks, so every row's id is known before it is inserted. */
export class Ids {
  line = new IdCounter();
  history = new IdCounter();
  bill = new IdCounter();
  creditNote = new IdCounter();
  return = new IdCounter();
  returnLine = new IdCounter();
  refund = new IdCounter();
  refundPartner = new IdCounter();
  refundLine = new IdCounter();
}
