import { useCallback, useState } from 'react';

/**
 * A new `Idempotency-Key`: a random UUID. `crypto.randomUUID` exists only on secure pages (HTTPS, localhost);
 * elsewhere the same version-4 UUID is made from `crypto.getRandomValues`, which every page has.
 */
export function newIdempotencyKey(): string {
  // Absent (undefined) on a page that is not secure, whatever the types say.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The key of one money-creating form (DECISIONS.md "Retries make one record"): made when the form opens and
 * kept across its submits (a double click, a retry after a lost answer, a correction after a refusal, which the
 * server kept nothing of), so the server records one thing whatever reaches it. `renew` after a success, for a
 * form that stays open to record the next one; a dialog's form is made afresh each time it opens.
 */
export function useIdempotencyKey() {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return { key, renew };
}
