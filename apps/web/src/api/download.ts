import { request, type Query } from './client';

/** How long a download may take in all, its body included; a slower one passes its own `timeoutMs`. */
export const DOWNLOAD_TIMEOUT_MS = 120_000;

/**
 * The file name a `content-disposition` header gives: RFC 5987's `filename*=UTF-8''…` first, then the
 * plain `filename="…"`; null when it names none.
 */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed encoding falls back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}

/** How much of a download has arrived: bytes so far, of the whole when the server says (else null). */
export type DownloadProgress = { received: number; total: number | null };

export type DownloadOptions = {
  /** Called at the start (0) and as each piece arrives. */
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
  /** The accounting CSV of a year passes the spec's 360 000 ms. */
  timeoutMs?: number;
  /** The media type asked for: a report's call answers its CSV to `text/csv` (DECISIONS.md, "Reporting"). */
  accept?: string;
};

/**
 * The size the answer announces, if it does: a compressed answer's Content-Length counts compressed bytes,
 * while the reader below counts the file's, so that length is no whole to measure against.
 */
function announcedSize(res: Response): number | null {
  const length = Number(res.headers.get('content-length'));
  return res.headers.get('content-encoding') || !Number.isSafeInteger(length) || length <= 0 ? null : length;
}

/** Reads the body piece by piece, reporting each; the browser must hold the whole file to save it. */
async function readBody(res: Response, onProgress: DownloadOptions['onProgress']): Promise<Blob> {
  const type = res.headers.get('content-type') ?? 'application/octet-stream';
  const total = announcedSize(res);
  let received = 0;
  onProgress?.({ received, total });
  if (!res.body) return res.blob();
  const reader = res.body.getReader();
  const pieces: Uint8Array<ArrayBuffer>[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pieces.push(value);
    received += value.byteLength;
    onProgress?.({ received, total });
  }
  return new Blob(pieces, { type });
}

/** Hands a file to the browser's save, through a temporary link. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Downloads a file the API answers (an export, a statement's PDF): named by its content-disposition
 * header, typed by its content-type, read as it arrives (reporting progress) and saved through a temporary
 * link. Answers the name it was saved under.
 */
export async function downloadFile(
  path: string,
  query?: Query,
  fallbackName = 'download',
  { onProgress, signal, timeoutMs = DOWNLOAD_TIMEOUT_MS, accept }: DownloadOptions = {},
): Promise<string> {
  const res = await request<Response>('GET', path, {
    query,
    raw: true,
    timeoutMs,
    signal,
    accept,
  });
  const blob = await readBody(res, onProgress);
  const name = fileNameOf(res.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(blob, name);
  return name;
}
