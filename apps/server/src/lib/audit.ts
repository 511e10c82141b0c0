import { auditEntries } from '../db/schema';
import type { DbOrTx } from '../db/client';

export interface AuditInput {
  userId: number | null;
  event: string;
  message: string;
  propertyType?: string | null;
  propertyId?: number | null;
  oldValues?: Record<string, unknown> | null;
  newValues?: Record<string, unknown> | null;
}

/** The one audit writer: call it inside the transaction that makes the change. */
export async function audit(tx: DbOrTx, entry: AuditInput): Promise<void> {
  await tx.insert(auditEntries).values({
    userId: entry.userId,
    event: entry.event,
    message: entry.message,
    propertyType: entry.propertyType ?? null,
    propertyId: entry.propertyId ?? null,
    oldValues: entry.oldValues ?? null,
    newValues: entry.newValues ?? null,
  });
}
