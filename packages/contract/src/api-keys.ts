import { z } from 'zod';

import { idField, idParams, requiredText, text } from './fields';
import { dataOf } from './paging';
import { route } from './routes';

/**
 * API keys (DECISIONS.md "Orders come in"): what the marketplace's shop sends its orders with. Staff make and
 * revoke them on System → API keys; a key is shown once, when made, and only a hash of it is kept.
 * A key belongs to a shop (DECISIONS.md "One shop, one numbering": its `externalId`s are its own), and may be
 * made for a partner, a florist's till ("In-store deductions come from in-store orders").
 */
export const apiKey = z.object({
  id: z.number(),
  name: z.string(),
  /** The shop whose orders the key sends; a key made to replace another names the same shop. */
  shop: z.string(),
  /** The partner whose till the key is: the only partner its orders may name as the one who placed them. */
  partner: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The key's first characters, to tell keys apart (never enough to use one). */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

/** `shop` defaults to the name; `partnerId` makes a till key for that partner. */
export const apiKeyBody = z.object({
  name: requiredText(100),
  shop: z.preprocess(blankToUndefined, text(100).optional()),
  partnerId: z.preprocess(blankToUndefined, idField().optional()),
});
export type ApiKeyBody = z.input<typeof apiKeyBody>;
export type ApiKeyValues = z.output<typeof apiKeyBody>;

/** `POST /api/api-keys` answers the key itself, this once. */
export const newApiKey = z.object({
  id: z.number(),
  name: z.string(),
  shop: z.string(),
  partnerId: z.number().nullable(),
  prefix: z.string(),
  key: z.string(),
});
export type NewApiKey = z.infer<typeof newApiKey>;

/** The API keys' routes (staff only). A delete revokes the key. */
export const apiKeyRoutes = {
  list: route({ method: 'GET', path: '/api/api-keys', answer: dataOf(z.array(apiKey)) }),
  create: route({ method: 'POST', path: '/api/api-keys', body: apiKeyBody, answer: dataOf(newApiKey) }),
  revoke: route({ method: 'DELETE', path: '/api/api-keys/:id', params: idParams }),
};

/** Every key starts so: a reader (or a secret scanner) knows what it is. */
export const API_KEY_PREFIX = 'blk_';
/** Characters of a key shown in lists: the prefix and eight more. */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 8;

export const API_KEY_TEXTS = {
  shownOnce: 'Copy the key now: it is shown only this once and cannot be shown again.',
  revokeConfirm: (name: string) =>
    `Revoke the key "${name}"? Anything that sends orders with it is refused from now on. This cannot be undone.`,
  /** Answers of the intake to a missing, unknown or revoked key. */
  missing: 'Send your API key in the Authorization header: Bearer <key>.',
  invalid: 'This API key is not valid or has been revoked.',
  unknownPartner: 'Choose an enabled partner.',
  shopHint: 'Orders are numbered per shop: a key made to replace another names the same shop.',
  partnerHint: "A partner's till key: its orders may name only this partner as the one who placed them.",
  throttled: (seconds: number) => `Too many orders with this key. Try again in ${String(seconds)} seconds.`,
} as const;

/** The most calls one key may make in a minute (DECISIONS.md). */
export const API_KEY_CALLS_PER_MINUTE = 600;
