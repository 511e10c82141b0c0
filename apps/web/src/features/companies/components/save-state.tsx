import { Group, Loader, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

import { errorMessage } from '@/ui';

export type SaveStateProps = {
  status: 'idle' | 'pending' | 'success' | 'error';
  error?: unknown;
  /** Which control this is the state of, for screen readers ("In store for AVBOB Soweto"). */
  of: string;
};

/** What became of an inline change: saving, saved or failed (with why), announced as it changes. */
export function SaveState({ status, error, of }: SaveStateProps) {
  let content = null;
  if (status === 'pending')
    content = (
      <>
        <Loader size={12} aria-hidden />
        <Text size="xs">Saving…</Text>
      </>
    );
  else if (status === 'success')
    content = (
      <>
        <IconCheck size={14} aria-hidden color="var(--mantine-color-green-9)" />
        {/* Body text colour: a green small enough to read fails contrast on a hovered row. */}
        <Text size="xs">Saved</Text>
      </>
    );
  else if (status === 'error')
    content = (
      <>
        <IconX size={14} aria-hidden color="var(--mantine-color-red-9)" />
        <Text size="xs" c="red.9" title={errorMessage(error)}>
          Failed
        </Text>
      </>
    );
  return (
    <Group gap={4} wrap="nowrap" role="status" aria-label={of} miw={64}>
      {content}
    </Group>
  );
}
