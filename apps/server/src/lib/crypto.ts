import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

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

/** A 32-byte key for one purpose, derived from a secret (HKDF-SHA256): one secret, unrelated keys. */
export const derivedKey = (secret: string, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, 'bloomline', purpose, 32));

const SEALED_PREFIX = 'v1.';

/**
 * A secret sealed with AES-256-GCM under `key`: `v1.<iv>.<tag>.<ciphertext>` (base64url), a new random IV each
 * time, so the same token never seals to the same text and a changed byte fails the tag check.
 */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${SEALED_PREFIX}${[iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.')}`;
}

/** The secret of `seal`'s text; null when it was sealed under another key, or altered. */
export function unseal(key: Buffer, sealed: string): string | null {
  if (!sealed.startsWith(SEALED_PREFIX)) return null;
  const [iv, tag, body] = sealed.slice(SEALED_PREFIX.length).split('.');
  if (iv === undefined || tag === undefined || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
