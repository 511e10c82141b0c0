import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Db } from '../db/client';
import { xeroConnections } from '../db/schema';

export const XERO_TENANT = 'tenant-1';
export const XERO_TOKEN = 'access-token-1';
export const XERO_CONTACTS = {
  rose: { ContactID: '8a1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', Name: 'Rose Funeral Group' },
  bloom: { ContactID: '0b1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e', Name: 'Bloom Events' },
  archived: { ContactID: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', Name: 'Old Florist' },
} as const;

export interface XeroStandIn {
  url: string;
  /** Every request it received: path and query, bearer token and tenant header. */
  seen: { url: string; auth?: string; tenant?: string }[];
  /** While true, every request answers 500. */
  down: boolean;
  close(): Promise<void>;
}

/**
 * A local stand-in for the accounting service's API (tests never reach the internet): the contacts of one
 * organisation for the right token and tenant, 401 for any other.
 */
export async function startXeroStandIn(): Promise<XeroStandIn> {
  const all = [
    { ...XERO_CONTACTS.rose, ContactStatus: 'ACTIVE' },
    { ...XERO_CONTACTS.bloom, ContactStatus: 'ACTIVE' },
    { ...XERO_CONTACTS.archived, ContactStatus: 'ARCHIVED' },
  ];
  const server = createServer((req, res) => {
    const tenant = req.headers['xero-tenant-id'];
    standIn.seen.push({
      url: req.url ?? '',
      auth: req.headers.authorization,
      tenant: typeof tenant === 'string' ? tenant : undefined,
    });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (standIn.down) return send(500, { Message: 'Down' });
    if (req.headers.authorization !== `Bearer ${XERO_TOKEN}` || tenant !== XERO_TENANT)
      return send(401, { Title: 'Unauthorized' });
    const one = /^\/api\.xro\/2\.0\/Contacts\/([^/?]+)$/.exec(req.url ?? '');
    if (one) {
      const found = all.find((c) => c.ContactID === one[1]);
      return found ? send(200, { Contacts: [found] }) : send(404, { Title: 'Not found' });
    }
    if (req.url?.startsWith('/api.xro/2.0/Contacts')) return send(200, { Contacts: all });
    return send(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const standIn: XeroStandIn = {
    url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    seen: [],
    down: false,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return standIn;
}

/** The app's settings for the stand-in (createHarness({ env })). */
export const xeroEnv = (standIn: XeroStandIn) => ({
  XERO_CLIENT_ID: 'client',
  XERO_CLIENT_SECRET: 'secret',
  XERO_API_URL: standIn.url,
});

/** Stores a connection to the stand-in's organisation, as the authorisation flow will. */
export const storeXeroConnection = (
  db: Db,
  { expiresAt = new Date(Date.now() + 30 * 60_000), accessToken = XERO_TOKEN } = {},
) =>
  db
    .insert(xeroConnections)
    .values({ tenantId: XERO_TENANT, tenantName: 'Bloomline', accessToken, refreshToken: 'r', expiresAt });
