import type { AuditEntry } from '@bloomline/contract';

import { EMPTY_TEXT } from '@/ui';

/** "order line 1234", or the type alone, or '—' for an entry about no record (a sign-in). */
export function recordLabel(entry: Pick<AuditEntry, 'propertyType' | 'propertyId'>): string {
  if (!entry.propertyType) return entry.propertyId === null ? EMPTY_TEXT : `#${entry.propertyId}`;
  return entry.propertyId === null ? entry.propertyType : `${entry.propertyType} ${entry.propertyId}`;
}
