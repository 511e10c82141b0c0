import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { axeViolations } from '@/test/axe';
import { renderUi } from '@/test/render';

import { DownloadButton, formatBytes } from './download-button';

/** An answer whose body the test lets through piece by piece. */
function stubDownload(headers: Record<string, string>) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const fetchSpy = vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(
      new Response(body, { status: 200, headers: { 'content-type': 'application/pdf', ...headers } }),
    );
  return {
    fetchSpy,
    send: (bytes: number) => controller.enqueue(new Uint8Array(bytes)),
    end: () => controller.close(),
  };
}

function stubSaving() {
  const saved: string[] = [];
  Object.assign(URL, { createObjectURL: () => 'blob:file', revokeObjectURL: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

describe('DownloadButton', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the file arriving from 0 to 100 %, disabled meanwhile, then saves it and is ready again', async () => {
    const saved = stubSaving();
    const answer = stubDownload({
      'content-length': '2000',
      'content-disposition': 'attachment; filename="statement-petals-2026-05-detail.pdf"',
    });
    const { container } = renderUi(
      <DownloadButton path="/api/reporting/statements/2026-05/detail" fallbackName="statement.pdf">
        Detailed PDF
      </DownloadButton>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Detailed PDF' }));

    expect(await screen.findByText('0 %')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Detailed PDF' })).toBeDisabled();
    answer.send(1000);
    expect(await screen.findByText('50 %')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Download progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(await axeViolations(container)).toEqual([]);
    answer.send(1000);
    expect(await screen.findByText('100 %')).toBeInTheDocument();
    answer.end();

    await waitFor(() => expect(saved).toEqual(['statement-petals-2026-05-detail.pdf']));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Detailed PDF' })).toBeEnabled();
    expect(answer.fetchSpy.mock.calls[0]?.[0]).toBe('/api/reporting/statements/2026-05/detail');
  });

  it('counts what has arrived when the size is unknown (a streamed CSV)', async () => {
    stubSaving();
    const answer = stubDownload({});
    renderUi(
      <DownloadButton
        path="/api/reporting/accounting-csv"
        query={{ startDate: '2026-05-01' }}
        fallbackName="a.csv"
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    answer.send(150 * 1024);
    expect(await screen.findByText('150 KB received')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    answer.end();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled());
  });

  it('says why a download failed, under the button', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ message: 'This action is unauthorized.' }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      }),
    );
    renderUi(<DownloadButton path="/api/reporting/statements/2026-05/summary" fallbackName="s.pdf" />);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This action is unauthorized.');
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });
});

describe('formatBytes', () => {
  it('writes bytes, whole kilobytes and megabytes with a decimal comma', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(150 * 1024 + 10)).toBe('150 KB');
    expect(formatBytes(3.45 * 1024 * 1024)).toBe('3,5 MB');
  });
});
