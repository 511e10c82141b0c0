import { Button, type ButtonProps, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';

import type { Query } from '@/api/client';
import { type DownloadProgress, downloadFile } from '@/api/download';

import { errorMessage } from './error-message';

/** `512 B`, `120 KB`, `3,4 MB`: how much has arrived, with the decimal comma the product writes. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} B`;
  if (bytes < 1024 * 1024) return `${String(Math.floor(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}

/** The share arrived, 0–100, when the whole is known. */
export const percentOf = ({ received, total }: DownloadProgress) =>
  total ? Math.min(100, Math.floor((received / total) * 100)) : null;

export type DownloadButtonProps = Omit<ButtonProps, 'children' | 'loading' | 'disabled'> & {
  /** The API path of the file (`pathOf(partnerRoutes.export)`) and its query. */
  path: string;
  query?: Query;
  /** The name to save under when the server names none. */
  fallbackName: string;
  children?: ReactNode;
  /** How long the whole download may take (the accounting CSV: 360 000 ms). */
  timeoutMs?: number;
  /** The media type to ask for (`text/csv` for a report's call that answers JSON by default). */
  accept?: string;
};

/**
 * A button that downloads a file and shows it arriving: a bar and a percentage when the server says how
 * big it is, else "120 KB received". It is disabled while a download runs; a failure is said under it.
 */
export function DownloadButton({
  path,
  query,
  fallbackName,
  children = 'Export',
  timeoutMs,
  accept,
  ...buttonProps
}: DownloadButtonProps) {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  // A download still running when the screen closes is dropped.
  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setError(null);
    setProgress({ received: 0, total: null });
    try {
      await downloadFile(path, query, fallbackName, {
        onProgress: setProgress,
        signal: controller.signal,
        timeoutMs,
        accept,
      });
    } catch (e) {
      if (!controller.signal.aborted) setError(errorMessage(e, 'The download failed.'));
    } finally {
      if (!controller.signal.aborted) setProgress(null);
    }
  };

  const percent = progress && percentOf(progress);
  return (
    <Stack gap={4} align="stretch" miw={120}>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        {...buttonProps}
        onClick={() => void start()}
        disabled={progress !== null}
      >
        {children}
      </Button>
      {progress && (
        <Group gap="xs" wrap="nowrap" role="status" aria-live="polite">
          {percent !== null && (
            <Progress value={percent} size="sm" flex={1} aria-label="Download progress" miw={60} />
          )}
          <Text size="xs" c="dimmed">
            {percent !== null ? `${String(percent)} %` : `${formatBytes(progress.received)} received`}
          </Text>
        </Group>
      )}
      {error && (
        <Text size="xs" c="red.9" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
