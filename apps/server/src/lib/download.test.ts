import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { attachmentHeader, fileSlug, sendDownload } from './download';

const CHUNK = 64 * 1024;
const TOTAL = 32 * 1024 * 1024;

/** A file made as it is read, which counts how much of it has been made. */
function generatedFile() {
  const made = { bytes: 0, done: false };
  const body = new Readable({
    read() {
      if (made.bytes >= TOTAL) {
        made.done = true;
        this.push(null);
        return;
      }
      made.bytes += CHUNK;
      this.push(Buffer.alloc(CHUNK, 0x61));
    },
  });
  return { made, body };
}

describe('sendDownload', () => {
  const app = Fastify();
  let made: { bytes: number; done: boolean } = { bytes: 0, done: false };
  let origin = '';

  beforeAll(async () => {
    app.get('/big', (_request, reply) => {
      const file = generatedFile();
      made = file.made;
      return sendDownload(reply, {
        filename: 'big "report".csv',
        contentType: 'text/csv; charset=utf-8',
        body: file.body,
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`;
  });
  afterAll(() => app.close());

  it('sends a 32 MB file as it is made: a reader that stops stops the maker, and gets every byte after', async () => {
    const res = await new Promise<IncomingMessage>((resolve) => get(`${origin}/big`, resolve));
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="big report.csv"');
    expect(res.headers['content-length']).toBeUndefined();

    // The reader takes its first chunk, then stops reading for a while.
    const first = await new Promise<Buffer>((resolve) => res.once('data', resolve));
    res.pause();
    await sleep(300);
    // A helper that gathered the file first would have made all of it before the first byte left. Sockets
    // and stream buffers hold a few MB at most; the rest is not made until the reader asks for it.
    expect(made.done).toBe(false);
    expect(made.bytes).toBeLessThan(TOTAL / 2);

    let received = first.length;
    res.on('data', (chunk: Buffer) => (received += chunk.length));
    const ended = new Promise((resolve) => res.on('end', resolve));
    res.resume();
    await ended;
    expect(received).toBe(TOTAL);
    expect(made.done).toBe(true);
  });
});

describe('attachmentHeader', () => {
  it('keeps a plain name as it is and drops what would break the header or name a path', () => {
    expect(attachmentHeader('partners-2026-05-01.csv')).toBe(
      'attachment; filename="partners-2026-05-01.csv"',
    );
    expect(attachmentHeader('../a"b\\c\r\n.pdf')).toBe('attachment; filename="..abc.pdf"');
    expect(attachmentHeader('"')).toBe('attachment; filename="download"');
  });

  it('adds the UTF-8 name for letters beyond ASCII', () => {
    expect(attachmentHeader('Café.pdf')).toBe(
      `attachment; filename="Caf_.pdf"; filename*=UTF-8''Caf%C3%A9.pdf`,
    );
  });
});

describe('fileSlug', () => {
  it('writes a name as lower-case words joined by dashes', () => {
    expect(fileSlug('Café Flora & Co.')).toBe('cafe-flora-co');
    expect(fileSlug('  ')).toBe('file');
  });
});
