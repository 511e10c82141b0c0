import type { Readable } from 'node:stream';

import type { FastifyReply } from 'fastify';

/** What a download's name may not carry: quotes and backslashes (they end the header's string), controls, paths. */
const UNSAFE_IN_NAME = /["\\/\p{Cc}]/gu;
const NON_ASCII = /[^\u0020-\u007e]/g;

/**
 * `attachment; filename="…"` for a name a person may have typed (a partner's): anything that would break
 * the header or name a path is dropped. A name with letters beyond ASCII ("Café Flora") gets RFC 6266's
 * `filename*=UTF-8''…` as well, which browsers prefer, with `_` for those letters in the plain one.
 */
export function attachmentHeader(filename: string): string {
  const safe = filename.replace(UNSAFE_IN_NAME, '').trim() || 'download';
  const plain = safe.replace(NON_ASCII, '_');
  if (plain === safe) return `attachment; filename="${plain}"`;
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}

/** A name as a file-name part: `Café Flora & Co` → `cafe-flora-co` (a statement's `statement-<slug>-…`). */
export const fileSlug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'file';

export type Download = {
  /** The name the browser saves it under. */
  filename: string;
  /** `text/csv; charset=utf-8`, `application/pdf`. */
  contentType: string;
  /** The file, made as it is sent: never gathered in memory first. */
  body: Readable;
};

/**
 * Sends a file as it is produced (a CSV from database batches, a PDF page by page): Fastify pipes the stream
 * to the socket with back-pressure, so a slow browser slows the producer instead of the server holding the
 * file. The length is unknown up front (chunked), so the browser's progress counts bytes received.
 */
export function sendDownload(reply: FastifyReply, { filename, contentType, body }: Download) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', attachmentHeader(filename))
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * A signal that fires when the client goes away before the answer is complete, so a streamed file stops
 * reading the database instead of finishing for nobody.
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  // The answer's own 'close' (not the socket's, which a kept-alive connection shares with later requests).
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
