import { createECDH, randomBytes } from 'node:crypto';
import type { ECDH } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createRequire } from 'node:module';

/** http_ece (web-push's own encryption, untyped CommonJS): its decrypt as the tests use it. */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt: (body: Buffer, params: Record<string, unknown>) => Buffer;
};

export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A local stand-in for a browser push service (tests only): records each request and answers 201, or the
 * status set for a path (410 for a device that is gone).
 */
export async function startPushStandIn() {
  const received: Received[] = [];
  const statuses = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return {
    host,
    received,
    statuses,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A device as a browser makes one: an ECDH P-256 key pair and an auth secret, and its subscription. */
export function aDevice(host: string, name: string) {
  const ecdh: ECDH = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const subscription = {
    endpoint: `http://${host}/push/${name}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
  /** Decrypts a message sent to this device (RFC 8291, aes128gcm) with its private key. */
  const decrypt = (body: Buffer): unknown =>
    JSON.parse(
      ece
        .decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') })
        .toString('utf8'),
    );
  return { subscription, decrypt, path: `/push/${name}` };
}
