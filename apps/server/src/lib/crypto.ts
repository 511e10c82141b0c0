import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token with `bytes` bytes of entropy. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

let tokenKey: string | undefined;

/**
 * With SESSION_SECRET set, stored session ids and reset tokens are HMAC-SHA256 digests under that key, so a
 * copy of the database alone cannot be matched to cookies, and changing the secret signs everybody out.
 */
export function useTokenKey(secret: string | undefined) {
  tokenKey = secret || undefined;
}

/** The stored form of a secret token (session id, reset token). */
export const sha256 = (value: string) =>
  tokenKey
    ? createHmac('sha256', tokenKey).update(value).digest('hex')
    : createHash('sha256').update(value).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
