import { z } from 'zod';

import { idField } from './fields';
import { given, lenientOf, paged, pageQuery } from './paging';
import { route } from './routes';

/**
 * The record types of the audit log (part 2, "Audit entry"), plus the areas built since: what every writer
 * records as `propertyType`, and what the audit screen's filter offers.
 */
export const AUDIT_RECORD_TYPES = [
  'profit centre',
  'component rate',
  'user',
  'order',
  'order line',
  'product',
  'product variant',
  'product variant component rate',
  'component',
  'partner offline time',
  'partner',
  'location',
  'measure unit',
  'colour',
  'component unit',
  'customer',
  'company',
  // A setting such as `vat` (keyed by name, so its entries carry no record id).
  'setting',
  // Returns and refunds from the shop, processed by staff (issue 21).
  'return',
  'refund',
  // The accounting connection (Xero): connected, disconnected, expired (issue 24).
  'accounting connection',
  // The shop's keys for sending orders (issue 34): made, first used, revoked.
  'api key',
  // The money cycle (issue 35): bills written at delivery, deductions (credit notes), payouts.
  'bill',
  'credit note',
  'payout',
  // Saved views of the order lists (issue 40): a user's own, and those staff share.
  'saved view',
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

/** What `user` shows for a change no signed-in user made (the seeder, a scheduled job). */
export const AUDIT_SYSTEM_USER = 'system';

/**
 * The audit list counts its matches exactly up to this many; a larger total is the database planner's estimate
 * (the table grows by every change of every area, and counting millions on each page would not stay fast).
 */
export const AUDIT_COUNTED_UP_TO = 10_000;

/** One entry of GET /api/audit. `oldValues`/`newValues` hold only the fields that changed. */
export const auditEntry = z.object({
  id: z.number(),
  createdAt: z.string(),
  event: z.string(),
  message: z.string(),
  /** Who made the change: their name, or 'system'. */
  user: z.string(),
  userId: z.number().nullable(),
  propertyType: z.string().nullable(),
  propertyId: z.number().nullable(),
  oldValues: z.record(z.string(), z.unknown()).nullable(),
  newValues: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/**
 * GET /api/audit: newest first, paged like every list, filtered by the user who made the change (`user`,
 * their id), the record type (`pT`) and the record's id (`pI`). A malformed filter is a 422 on its field.
 */
export const auditListRequest = pageQuery.extend({
  user: given(idField().optional()),
  pT: given(z.enum(AUDIT_RECORD_TYPES).optional()),
  pI: given(idField().optional()),
});
export type AuditListQuery = z.infer<typeof auditListRequest>;
/** The same, read leniently from the web's address bar. */
export const auditListQuery = lenientOf(auditListRequest);

/** The audit log's route (staff only). */
export const auditRoutes = {
  list: route({ method: 'GET', path: '/api/audit', query: auditListRequest, answer: paged(auditEntry) }),
};
