import { afterEach, describe, expect, it, vi } from 'vitest';

import { downloadFile, fileNameOf } from './download';

describe('fileNameOf', () => {
  it('reads the plain and the encoded file name of a content-disposition header', () => {
    expect(fileNameOf('attachment; filename="partners-2026-05-01.csv"')).toBe('partners-2026-05-01.csv');
    expect(fileNameOf('attachment; filename=report.csv')).toBe('report.csv');
    expect(fileNameOf(`attachment; filename="x.csv"; filename*=UTF-8''caf%C3%A9.csv`)).toBe('café.csv');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});

/** A file answered in pieces that the test lets through one at a time. */
function piecewiseAnswer(pieces: number, size: number, headers: Record<string, string>) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(body, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8', ...headers } }),
  );
  let sent = 0;
  return {
    /** Lets the next piece arrive. */
    next() {
      controller.enqueue(new Uint8Array(size).fill(97));
      sent += 1;
      if (sent === pieces) controller.close();
    },
  };
}

describe('downloadFile', () => {
  afterEach(() => vi.restoreAllMocks());

  const saving = () => {
    const saved: { name: string; blob: Blob }[] = [];
    let blob: Blob | undefined;
    Object.assign(URL, {
      createObjectURL: (b: Blob) => ((blob = b), 'blob:file'),
      revokeObjectURL: () => undefined,
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (blob) saved.push({ name: this.download, blob });
    });
    return saved;
  };

  it('reads the body as it arrives, reporting 0 → 100 % of the announced length, then saves it whole', async () => {
    const saved = saving();
    const answer = piecewiseAnswer(4, 25, {
      'content-length': '100',
      'content-disposition': 'attachment; filename="report-all-all.csv"',
    });
    const seen: (number | null)[] = [];
    const done = downloadFile('/api/reporting/accounting-csv', { startDate: '2026-05-01' }, 'report.csv', {
      onProgress: (p) => seen.push(p.total && (p.received / p.total) * 100),
    });
    for (let i = 0; i < 4; i += 1) {
      await vi.waitFor(() => expect(seen).toHaveLength(i + 1));
      answer.next();
    }
    await expect(done).resolves.toBe('report-all-all.csv');
    expect(seen).toEqual([0, 25, 50, 75, 100]);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.blob.size).toBe(100);
    expect(saved[0]?.blob.type).toBe('text/csv; charset=utf-8');
  });

  it('counts bytes without a whole when the length is unknown or counts compressed bytes', async () => {
    saving();
    const answer = piecewiseAnswer(2, 1024, { 'content-length': '900', 'content-encoding': 'br' });
    const seen: { received: number; total: number | null }[] = [];
    const done = downloadFile('/api/x', undefined, 'x.csv', { onProgress: (p) => seen.push(p) });
    answer.next();
    answer.next();
    await expect(done).resolves.toBe('x.csv');
    expect(seen).toEqual([
      { received: 0, total: null },
      { received: 1024, total: null },
      { received: 2048, total: null },
    ]);
  });
});
