import { z } from 'zod';

/**
 * Retries make one record (DECISIONS.md "Money that cannot go wrong"): every staff call that creates money
 * records (open a return or a refund, process one, a wholesale purchase, a payout) is declared `idempotent`
 * and honours an `Idempotency-Key` header (`IDEMPOTENCY_HEADER`, http.ts). The same key from the same user
 * within 24 hours answers the first answer again and changes nothing; the same key with another request is a
 * 422 under the header's name. The screens send one key per dialog (the web's `useIdempotencyKey`).
 */
export const IDEMPOTENCY_TEXTS = {
  key: 'Idempotency-Key must be 1 to 100 visible characters (letters, digits and punctuation, no spaces).',
  otherRequest:
    'This was already sent with other values, and those were saved. Reload the page to see what was saved.',
} as const;

/** The key's field in a 422 bag: the header's name as HTTP gives it. */
export const IDEMPOTENCY_FIELD = 'idempotency-key';

/** A key: 1 to 100 visible ASCII characters (a UUID, as the screens send, or a client's own). */
export const idempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,100}$/, IDEMPOTENCY_TEXTS.key)
  .meta({
    description:
      'Makes a retry safe: the same key from the same user within 24 hours answers the first answer again ' +
      'and records nothing new; the same key with another request is a 422.',
  });

/** The headers of an idempotent route as its schema reads them: the key, optional; every other header kept. */
export const idempotencyHeaders = z.looseObject({ [IDEMPOTENCY_FIELD]: idempotencyKey.optional() });
