import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  COMPONENT_IMAGE_MAX_BYTES,
  COMPONENT_IMAGE_MESSAGE,
  componentImageTooLargeMessage,
} from '@bloomline/contract';
import type { Component } from '@bloomline/contract';

import { auditEntries, components } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';

// A component's picture: JPEG or PNG by its first bytes (never its name), at most 500,000 bytes, stored in
// the data folder by content hash, served with its type and cache headers, removed; staff only.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
type Errors = { message: string; errors: Record<string, string[]> };
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bloomline-images-'));
const imageDir = path.join(dataDir, 'component-images');
let rose = 0;
let lily = 0;

const be16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const be32 = (n: number) => [...be16(n >>> 16), ...be16(n & 0xffff)];
/** A PNG's signature and header chunk (IHDR) declaring `width` × `height`, 8-bit RGBA; the CRC is not read. */
const pngHead = (width: number, height: number) => [
  ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  ...be32(13),
  ...Buffer.from('IHDR'),
  ...be32(width),
  ...be32(height),
  ...[8, 6, 0, 0, 0],
  ...be32(0),
];
/** A JPEG's start, a JFIF segment and a frame header (SOF0) declaring `width` × `height`. */
const jpegHead = (width: number, height: number) => [
  ...[0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0],
  ...[0xff, 0xc0, 0x00, 0x11, 8, ...be16(height), ...be16(width), 3],
];
const PNG_HEAD = pngHead(64, 64);
const JPEG_HEAD = jpegHead(640, 480);
/** A file of `size` bytes starting with `head`, the rest varied by `seed` so pictures differ. */
function picture(head: number[], size: number, seed = 1): Buffer {
  const bytes = Buffer.alloc(size, seed);
  Buffer.from(head).copy(bytes);
  return bytes;
}
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const file = (bytes: Buffer, name: string, type = 'application/octet-stream') =>
  new File([new Uint8Array(bytes)], name, { type });
const imageUrl = (id: number) => `/api/components/${String(id)}/image`;
const upload = (client: TestClient, id: number, bytes: Buffer, name: string) =>
  client.form(imageUrl(id), { image_file: file(bytes, name) });
const stored = () => (existsSync(imageDir) ? readdirSync(imageDir).sort() : []);
const auditOf = (id: number) =>
  h.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.propertyType, 'component'), eq(auditEntries.propertyId, id)))
    .orderBy(auditEntries.id);

beforeAll(async () => {
  h = await createHarness({ env: { DATA_DIR: dataDir } });
  ({ staff, partnerA } = await h.signedIn('10.9.4'));
  const rows = await h.database.db
    .insert(components)
    .values([{ name: 'Red rose' }, { name: 'Lily' }])
    .returning();
  rose = rows[0]!.id;
  lily = rows[1]!.id;
});
afterAll(() => h.close());

describe('POST /api/components/{id}/image', () => {
  it('accepts a PNG named .jpg, by its content, and stores it by hash', async () => {
    const png = picture(PNG_HEAD, 2000);
    const res = await upload(staff, rose, png, 'photo.jpg');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Component }>().data).toMatchObject({
      id: rose,
      hasImage: true,
      imageUrl: `${imageUrl(rose)}?v=${sha(png)}`,
    });
    expect(stored()).toEqual([`${sha(png)}.png`]);
    expect((await auditOf(rose)).at(-1)).toMatchObject({
      event: 'updated',
      message: "Component Red rose's picture changed.",
      oldValues: { image_file: null },
      newValues: { image_file: `${sha(png)}.png` },
    });
  });

  it('refuses a text file named .png, a file over 500,000 bytes and none at all, changing nothing', async () => {
    const before = (await staff.get(`/api/components/${String(rose)}`)).json<{ data: Component }>().data;
    const text = await upload(staff, rose, Buffer.from('not a picture at all'), 'flower.png');
    expect(text.statusCode).toBe(422);
    expect(text.json<Errors>()).toEqual({
      message: COMPONENT_IMAGE_MESSAGE,
      errors: { image_file: [COMPONENT_IMAGE_MESSAGE] },
    });
    const big = await upload(staff, rose, picture(JPEG_HEAD, COMPONENT_IMAGE_MAX_BYTES + 1), 'big.jpg');
    expect(big.statusCode).toBe(422);
    expect(big.json<Errors>().errors).toEqual({ image_file: [COMPONENT_IMAGE_MESSAGE] });
    const none = await staff.form(imageUrl(rose), { other: 'x' });
    expect(none.json<Errors>().errors).toEqual({ image_file: ['Picture is required.'] });
    const empty = await upload(staff, rose, Buffer.alloc(0), 'empty.png');
    expect(empty.json<Errors>().errors).toEqual({ image_file: ['Picture is required.'] });
    const json = await staff.post(imageUrl(rose), { image_file: 'iVBORw0KGgo=' });
    expect(json.json<Errors>().errors).toEqual({ image_file: [COMPONENT_IMAGE_MESSAGE] });
    expect((await staff.get(`/api/components/${String(rose)}`)).json<{ data: Component }>().data).toEqual(
      before,
    );
    expect(stored()).toHaveLength(1);
  });

  it('refuses a small file whose header declares more than 4096 pixels a side, saying how large it is', async () => {
    const before = (await staff.get(`/api/components/${String(rose)}`)).json<{ data: Component }>().data;
    // 48 KB of PNG declaring 20000 × 20000: about 1.6 GB for whatever opens it.
    const huge = await upload(staff, rose, picture(pngHead(20000, 20000), 48_000, 6), 'huge.png');
    expect(huge.statusCode).toBe(422);
    expect(huge.json<Errors>().errors).toEqual({
      image_file: [
        'This picture is 20000 × 20000 pixels. Please choose a picture of at most 4096 pixels on each side.',
      ],
    });
    const wide = await upload(staff, rose, picture(jpegHead(5000, 100), 2000, 7), 'wide.jpg');
    expect(wide.json<Errors>().errors.image_file).toEqual([componentImageTooLargeMessage(5000, 100)]);
    // A header that says nothing of its size is no picture.
    const headless = await upload(
      staff,
      rose,
      picture([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 500),
      'x.png',
    );
    expect(headless.json<Errors>().errors).toEqual({ image_file: [COMPONENT_IMAGE_MESSAGE] });
    expect((await staff.get(`/api/components/${String(rose)}`)).json<{ data: Component }>().data).toEqual(
      before,
    );
    expect(stored()).toHaveLength(1);
    // At the limit it is accepted.
    const edge = await upload(staff, lily, picture(pngHead(4096, 4096), 1000, 8), 'edge.png');
    expect(edge.statusCode).toBe(200);
    await staff.delete(imageUrl(lily));
  });

  it('accepts a JPEG of exactly 500,000 bytes and removes the picture it replaces', async () => {
    const jpeg = picture(JPEG_HEAD, COMPONENT_IMAGE_MAX_BYTES, 2);
    const res = await upload(staff, rose, jpeg, 'big.png');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Component }>().data.imageUrl).toBe(`${imageUrl(rose)}?v=${sha(jpeg)}`);
    expect(stored()).toEqual([`${sha(jpeg)}.jpg`]);
  });

  it('answers a body over the multipart limit with 413', async () => {
    const res = await upload(staff, rose, picture(JPEG_HEAD, 6 * 1024 * 1024), 'huge.jpg');
    expect(res.statusCode).toBe(413);
  });

  it('is 404 for a missing component, 403 for partners, 401 signed out', async () => {
    const png = picture(PNG_HEAD, 100, 3);
    expect((await upload(staff, 999999, png, 'a.png')).statusCode).toBe(404);
    expect((await upload(partnerA, rose, png, 'a.png')).statusCode).toBe(403);
    const guest = h.client();
    await guest.csrf();
    expect((await upload(guest, rose, png, 'a.png')).statusCode).toBe(401);
    expect(stored()).toHaveLength(1);
  });
});

describe('GET /api/components/{id}/image', () => {
  it('serves the same bytes with their type, cached for good under its own address only', async () => {
    const png = picture(PNG_HEAD, 3000, 4);
    const { imageUrl: url } = (await upload(staff, lily, png, 'lily.bin')).json<{ data: Component }>().data;
    const res = await staff.get(url!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(png)).toBe(true);
    expect(res.headers.etag).toBe(`"${sha(png)}"`);
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const plain = await staff.get(imageUrl(lily));
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    expect(plain.rawPayload.equals(png)).toBe(true);
    const stale = await staff.get(`${imageUrl(lily)}?v=old`);
    expect(stale.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const { etag } = (await staff.get(imageUrl(lily))).headers;
    const res = await staff.get(imageUrl(lily), { 'if-none-match': `W/"x", ${String(etag)}` });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload).toHaveLength(0);
    expect((await staff.get(imageUrl(lily), { 'if-none-match': '"other"' })).statusCode).toBe(200);
    // …and the API document says so.
    const doc = (await h.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, { get: { responses: Record<string, unknown> } }>;
    }>();
    expect(Object.keys(doc.paths['/api/components/{id}/image']?.get.responses ?? {})).toContain('304');
  });

  it('is 404 without a picture or component, 403 for partners', async () => {
    const [bare] = await h.database.db.insert(components).values({ name: 'Bare' }).returning();
    expect((await staff.get(imageUrl(bare!.id))).statusCode).toBe(404);
    expect((await staff.get(imageUrl(999999))).statusCode).toBe(404);
    expect((await partnerA.get(imageUrl(lily))).statusCode).toBe(403);
    expect((await h.client().get(imageUrl(lily))).statusCode).toBe(401);
  });
});

describe('DELETE /api/components/{id}/image', () => {
  it('keeps a file another component still shows', async () => {
    const shared = picture(PNG_HEAD, 500, 5);
    await upload(staff, rose, shared, 'a.png');
    await upload(staff, lily, shared, 'b.png');
    expect(stored()).toEqual([`${sha(shared)}.png`]);
    expect((await staff.delete(imageUrl(rose))).statusCode).toBe(204);
    expect(stored()).toEqual([`${sha(shared)}.png`]);
    expect((await staff.get(imageUrl(lily))).statusCode).toBe(200);
  });

  it('removes the picture: then GET is a 404 and the file is gone; again is still a 204', async () => {
    expect((await partnerA.delete(imageUrl(lily))).statusCode).toBe(403);
    const res = await staff.delete(imageUrl(lily));
    expect(res.statusCode).toBe(204);
    expect((await staff.get(imageUrl(lily))).statusCode).toBe(404);
    expect(stored()).toEqual([]);
    const after = (await staff.get(`/api/components/${String(lily)}`)).json<{ data: Component }>().data;
    expect(after).toMatchObject({ hasImage: false, imageUrl: null });
    expect((await auditOf(lily)).at(-1)).toMatchObject({
      message: "Component Lily's picture removed.",
      newValues: { image_file: null },
    });
    const entries = (await auditOf(lily)).length;
    expect((await staff.delete(imageUrl(lily))).statusCode).toBe(204);
    expect(await auditOf(lily)).toHaveLength(entries);
    expect((await staff.delete(imageUrl(999999))).statusCode).toBe(404);
  });
});
