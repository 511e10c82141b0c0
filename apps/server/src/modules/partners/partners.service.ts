import { eq, sql } from 'drizzle-orm';

import { DEFAULT_COUNTRY, STAFF_ONLY_PARTNER_FIELDS, toCents, toRand, MESSAGES } from '@bloomline/contract';
import type { BankDetails, Partner, PartnerBank, PartnerUpdateInput } from '@bloomline/contract';

import type { Db, DbOrTx } from '../../db/client';
import { partners } from '../../db/schema';
import { auditTrail, rowValues } from '../../lib/audit';
import { found, notFound, ValidationError } from '../../lib/errors';
import type { QueueMail } from '../../lib/mail-queue';
import { reachesPartner, type Viewer } from '../../lib/viewer';
import { confirmBankDetails, partnerBankOf } from '../../shared/bank-details';
import { permissionsOfUser } from '../../shared/permissions';
import { bankDetailsFrom, changeAndTell, sendsBankFields } from './partners.bank';
import { lockPartner, partnerList, partnerRowById, placesByIds } from './partners.queries';

type PartnerRow = typeof partners.$inferSelect;
type Input = PartnerUpdateInput;

function toPartner(row: NonNullable<Awaited<ReturnType<typeof partnerRowById>>>, bank: PartnerBank): Partner {
  const p = row.partner;
  // Staff without managePayouts read the state and the last four digits only (bank.accountLastFour).
  const shown = <T>(value: T) => (bank.shown ? value : null);
  return {
    id: p.id,
    name: p.name,
    city: row.city,
    province: row.province,
    partnerType: p.partnerType,
    rating: p.rating,
    enabled: p.enabled,
    latitude: p.latitude,
    longitude: p.longitude,
    radius: p.radiusKm,
    vatNumber: p.vatNumber,
    address1: p.address1,
    address2: p.address2,
    address3: p.address3,
    province_id: p.provinceId,
    city_id: p.cityId,
    location_id: p.suburbId,
    suburb: row.suburb,
    country: p.country,
    postalCode: p.postalCode,
    ownerName: p.ownerName,
    ownerEmail: p.ownerEmail,
    ownerPhone: p.ownerPhone,
    businessEmail: p.businessEmail,
    businessPhone: p.businessPhone,
    wholesaleDeliveryFee: toRand(p.wholesaleDeliveryFeeCents),
    avbobSalesChannel: p.avbobSalesChannel,
    webSalesSalesChannel: p.webSalesSalesChannel,
    inStoreSalesChannel: p.inStoreSalesChannel,
    b2bSalesChannel: p.b2bSalesChannel,
    bank_name: shown(p.bankName),
    branch_code: shown(p.branchCode),
    account_name: shown(p.accountName),
    account_number: shown(p.accountNumber),
    account_type: shown(p.accountType),
    commission: Number(p.commission),
    saturday: p.saturday,
    bank,
  };
}

/**
 * Who reads a partner's bank details in full: staff with managePayouts, and the partner's own users (they are
 * their own details; part 2, point 6 still keeps them from changing them). Other staff see the last four digits.
 */
async function seesBankDetails(db: DbOrTx, viewer: Viewer): Promise<boolean> {
  if (viewer.kind === 'partner') return true;
  return (await permissionsOfUser(db, viewer.userId))?.managePayouts ?? false;
}

const detail = async (db: DbOrTx, id: number, viewer: Viewer): Promise<Partner> => {
  const row = found(await partnerRowById(db, id));
  return toPartner(row, await partnerBankOf(db, id, await seesBankDetails(db, viewer)));
};

const trail = auditTrail('partner', rowValues<PartnerRow>);

/** The request's fields as columns; a field not sent is left out (its default, or its current value). */
function columnsOf(input: Input): Partial<typeof partners.$inferInsert> {
  const columns: Partial<typeof partners.$inferInsert> = {
    name: input.name,
    vatNumber: input.vatNumber,
    partnerType: input.partnerType,
    rating: input.rating,
    radiusKm: input.radius,
    address1: input.address1,
    address2: input.address2,
    address3: input.address3,
    provinceId: input.province_id,
    cityId: input.city_id,
    suburbId: input.location_id,
    // The country is never blank: a blank one is the default again.
    country: input.country === undefined ? undefined : (input.country ?? DEFAULT_COUNTRY),
    postalCode: input.postalCode,
    latitude: input.latitude,
    longitude: input.longitude,
    ownerName: input.ownerName,
    ownerEmail: input.ownerEmail,
    ownerPhone: input.ownerPhone,
    businessEmail: input.businessEmail,
    businessPhone: input.businessPhone,
    wholesaleDeliveryFeeCents:
      input.wholesaleDeliveryFee === undefined ? undefined : toCents(input.wholesaleDeliveryFee),
    avbobSalesChannel: input.avbobSalesChannel,
    webSalesSalesChannel: input.webSalesSalesChannel,
    inStoreSalesChannel: input.inStoreSalesChannel,
    b2bSalesChannel: input.b2bSalesChannel,
    // The bank fields are changed by changeBankDetails only (shared/bank-details.ts): under four eyes.
    commission: input.commission === undefined ? undefined : input.commission.toFixed(4),
    enabled: input.enabled,
    saturday: input.saturday,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

/** A partner user's request keeps only the profile's fields (part 2, point 6). */
function allowedFor(viewer: Viewer, input: Input): Input {
  if (viewer.kind === 'staff') return input;
  const kept = { ...input };
  for (const field of STAFF_ONLY_PARTNER_FIELDS) delete kept[field];
  return kept;
}

const PLACE_FIELDS = [
  ['province_id', 'province'],
  ['city_id', 'city'],
  ['location_id', 'suburb'],
] as const;

/**
 * Each place sent must exist and be of its type; a city must lie in the province and a suburb in the city
 * when both are set. `current` is the record's places, for a change that sends only some of them.
 */
async function checkPlaces(
  db: DbOrTx,
  input: Input,
  current: { province_id: number | null; city_id: number | null; location_id: number | null },
) {
  if (PLACE_FIELDS.every(([field]) => input[field] === undefined)) return;
  const chosen = {
    province_id: input.province_id === undefined ? current.province_id : input.province_id,
    city_id: input.city_id === undefined ? current.city_id : input.city_id,
    location_id: input.location_id === undefined ? current.location_id : input.location_id,
  };
  const ids = Object.values(chosen).filter((id): id is number => id !== null);
  const found = new Map((await placesByIds(db, ids)).map((p) => [p.id, p]));
  const errors: Record<string, string[]> = {};
  for (const [field, type] of PLACE_FIELDS) {
    const id = chosen[field];
    if (id === null) continue;
    if (found.get(id)?.type !== type) errors[field] = [MESSAGES.invalidChoice];
  }
  const inside = (
    field: 'city_id' | 'location_id',
    parentField: 'province_id' | 'city_id',
    words: string,
  ) => {
    const id = chosen[field];
    const parentId = chosen[parentField];
    if (id === null || parentId === null || errors[field] || errors[parentField]) return;
    if (found.get(id)?.parentId !== parentId) errors[field] = [words];
  };
  inside('city_id', 'province_id', 'The selected city is not in the selected province.');
  inside('location_id', 'city_id', 'The selected suburb is not in the selected city.');
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/**
 * Partners: the list, map and export for staff, the records, and a partner user's own profile. A partner
 * user reaches only their own partner (any other id is 404) and never changes a staff-only field.
 */
export function createPartnersService({ db, queueMail }: { db: Db; queueMail: QueueMail }) {
  return {
    list: (q: string | undefined) => partnerList(db, q),

    get: (viewer: Viewer, id: number) => {
      if (!reachesPartner(viewer, id)) throw notFound();
      return detail(db, id, viewer);
    },

    /**
     * Issue 46: new bank details by a user with managePayouts (the route's guard), awaiting a second such
     * user's confirmation; the partner is e-mailed in the same transaction.
     */
    changeBankDetails: (userId: number, id: number, details: BankDetails) =>
      db.transaction(async (tx) => {
        await changeAndTell(tx, queueMail, { partnerId: id, userId, details });
        return detail(tx, id, { kind: 'staff', userId });
      }),

    /** Issue 46: a second user with managePayouts confirms (403 for the one who made the change). */
    confirmBankDetails: (userId: number, id: number, changeId: number | undefined) =>
      db.transaction(async (tx) => {
        await confirmBankDetails(tx, { partnerId: id, userId, changeId });
        return detail(tx, id, { kind: 'staff', userId });
      }),

    create: (userId: number, input: Input) =>
      db.transaction(async (tx) => {
        await checkPlaces(tx, input, { province_id: null, city_id: null, location_id: null });
        const bank = sendsBankFields(input) ? bankDetailsFrom(input, null) : null;
        const [row] = await tx
          .insert(partners)
          .values({ name: input.name ?? '', ...columnsOf(input) })
          .returning();
        if (!row) throw new Error('insert returned no row');
        await trail.created(tx, { userId, record: row, message: `Partner ${row.name} created.` });
        if (bank) await changeAndTell(tx, queueMail, { partnerId: row.id, userId, details: bank });
        return detail(tx, row.id, { kind: 'staff', userId });
      }),

    update: (viewer: Viewer, id: number, request: Input) => {
      if (!reachesPartner(viewer, id)) throw notFound();
      const input = allowedFor(viewer, request);
      return db.transaction(async (tx) => {
        const before = found(await lockPartner(tx, id));
        await checkPlaces(tx, input, {
          province_id: before.provinceId,
          city_id: before.cityId,
          location_id: before.suburbId,
        });
        // Staff's bank fields (managePayouts: the route's guard) go through the same change as PUT …/bank-details.
        const bank = sendsBankFields(input) ? { details: bankDetailsFrom(input, before) } : null;
        const [after] = await tx
          .update(partners)
          .set({ ...columnsOf(input), updatedAt: sql`now()` })
          .where(eq(partners.id, id))
          .returning();
        if (!after) throw notFound();
        await trail.updated(tx, {
          userId: viewer.userId,
          before,
          after,
          message: `Partner ${after.name} updated.`,
        });
        if (bank) await changeAndTell(tx, queueMail, { partnerId: id, userId: viewer.userId, ...bank });
        return detail(tx, id, viewer);
      });
    },

    /** Enable ↔ disable. A disabled partner is left out of the reassign choices from the next read on. */
    toggleEnabled: (userId: number, id: number) =>
      db.transaction(async (tx) => {
        const before = found(await lockPartner(tx, id));
        const enabled = !before.enabled;
        const [after] = await tx
          .update(partners)
          .set({ enabled, updatedAt: sql`now()` })
          .where(eq(partners.id, id))
          .returning();
        if (!after) throw notFound();
        await trail.updated(tx, {
          userId,
          before,
          after,
          event: enabled ? 'enabled' : 'disabled',
          message: `Partner ${after.name} ${enabled ? 'enabled' : 'disabled'}.`,
        });
        return detail(tx, id, { kind: 'staff', userId });
      }),
  };
}
export type PartnersService = ReturnType<typeof createPartnersService>;
