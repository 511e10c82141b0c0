import { request, type Query } from './client';

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

/**
 * Downloads a file the API answers (an export): named by its content-disposition header, typed by its
 * content-type, saved through a temporary link. Answers the name it was saved under.
 */
export async function downloadFile(path: string, query?: Query, fallbackName = 'download'): Promise<string> {
  const res = await request<Response>('GET', path, { query, raw: true, timeoutMs: 120_000 });
  const blob = await res.blob();
  const name = fileNameOf(res.headers.get('content-disposition')) ?? fallbackName;
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
  return name;
}
