import type { AuditRecordType } from '@bloomline/contract';

import { auditEntries } from '../db/schema';
import type { DbOrTx } from '../db/client';

// The record types live in the contract, so the audit screen's filter offers exactly what is written.
export { AUDIT_RECORD_TYPES } from '@bloomline/contract';
export type { AuditRecordType } from '@bloomline/contract';

export const AUDIT_EVENTS = [
  'created',
  'updated',
  'deleted',
  'enabled',
  'disabled',
  'restored',
  'status-changed',
  'reassigned',
  'password-changed',
  'password-reset',
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];

export interface AuditInput {
  userId: number | null;
  event: string;
  message: string;
  propertyType?: AuditRecordType | null;
  propertyId?: number | null;
  oldValues?: Record<string, unknown> | null;
  newValues?: Record<string, unknown> | null;
  /** When it happened, where that is not now (the seed's history); now by default. */
  at?: Date;
}

/**
 * The one audit writer: call it inside the transaction that makes the change. One exception, for speed: a new
 * order writes its entries in its own single statement (`shared/order-entry.ts`), with the same columns.
 */
export async function audit(tx: DbOrTx, entry: AuditInput): Promise<void> {
  await tx.insert(auditEntries).values({
    userId: entry.userId,
    event: entry.event,
    message: entry.message,
    propertyType: entry.propertyType ?? null,
    propertyId: entry.propertyId ?? null,
    oldValues: entry.oldValues ?? null,
    newValues: entry.newValues ?? null,
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}

type Values = Record<string, unknown>;

const same = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date
    ? a.getTime() === b.getTime()
    : JSON.stringify(a) === JSON.stringify(b);

/** Only what changed: the fields whose value differs, each with its old and its new value. */
export function changedValues(before: Values, after: Values): { oldValues: Values; newValues: Values } {
  const oldValues: Values = {};
  const newValues: Values = {};
  for (const key of Object.keys(after)) {
    if (key === 'updatedAt' || key === 'createdAt') continue;
    if (!same(before[key], after[key])) {
      oldValues[key] = before[key] ?? null;
      newValues[key] = after[key] ?? null;
    }
  }
  return { oldValues, newValues };
}

/**
 * Records a change to one record, in the change's own transaction: on create only the new values, on
 * delete only the old ones, on update only the fields that changed (nothing at all when none did).
 */
export async function recordChange(
  tx: DbOrTx,
  change: {
    userId: number | null;
    type: AuditRecordType;
    id: number;
    event: AuditEvent;
    message: string;
    before?: Values | null;
    after?: Values | null;
  },
): Promise<void> {
  const { before, after } = change;
  let values: { oldValues: Values | null; newValues: Values | null };
  if (before && after) {
    values = changedValues(before, after);
    if (Object.keys(values.newValues ?? {}).length === 0 && change.event === 'updated') return;
  } else {
    values = { oldValues: before ?? null, newValues: after ?? null };
  }
  await audit(tx, {
    userId: change.userId,
    event: change.event,
    message: change.message,
    propertyType: change.type,
    propertyId: change.id,
    ...values,
  });
}

/** A stored row as the audit log records it: every column but the id and the timestamps. */
export function rowValues<Row extends { id: number; createdAt: Date; updatedAt: Date }>(row: Row) {
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...values } = row;
  return values;
}

type Audited<Row> = { userId: number | null; message: string } & Row;

/**
 * One area's audited changes, declared once: its record type and what the log keeps of a record
 * (`valuesOf`: never a password hash; the API's field names where the screens show them). Each change is
 * written by `recordChange` in the change's own transaction.
 */
export function auditTrail<Row extends { id: number }>(
  type: AuditRecordType,
  valuesOf: (row: Row) => Values,
) {
  return {
    created: (tx: DbOrTx, { userId, message, record }: Audited<{ record: Row }>) =>
      recordChange(tx, { userId, type, id: record.id, event: 'created', message, after: valuesOf(record) }),

    /** An update, or another change of the record's values (`event`: enabled, disabled …). */
    updated: (
      tx: DbOrTx,
      {
        userId,
        message,
        before,
        after,
        event = 'updated',
      }: Audited<{ before: Row; after: Row; event?: AuditEvent }>,
    ) =>
      recordChange(tx, {
        userId,
        type,
        id: after.id,
        event,
        message,
        before: valuesOf(before),
        after: valuesOf(after),
      }),

    deleted: (tx: DbOrTx, { userId, message, record }: Audited<{ record: Row }>) =>
      recordChange(tx, { userId, type, id: record.id, event: 'deleted', message, before: valuesOf(record) }),
  };
}
