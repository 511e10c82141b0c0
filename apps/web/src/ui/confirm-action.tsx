import { Button, Group, Text, useMantineTheme, type ButtonProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';

import { filledButtonTone } from './contrast';
import { Dialog } from './dialog';
import { errorMessage } from './error-message';

export type ConfirmActionProps = Omit<ButtonProps, 'children'> & {
  /** Text of the button that opens the dialog. */
  label: ReactNode;
  /** Heading of the dialog. */
  title: ReactNode;
  /** The question or warning the user confirms. */
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Runs on Confirm; the dialog closes when it settles and stays open with the error when it fails. */
  onConfirm: () => Promise<unknown> | void;
};

/** A button that asks before it acts (every workflow action does). Needs no ModalsProvider. */
export function ConfirmAction({
  label,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  onConfirm,
  color,
  variant,
  ...buttonProps
}: ConfirmActionProps) {
  const theme = useMantineTheme();
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = () => {
    setError(null);
    setOpened(true);
  };
  const close = () => {
    if (!busy) setOpened(false);
  };
  const confirm = async () => {
    setError(null);
    setBusy(true);
    try {
      await onConfirm();
      setOpened(false);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  // Filled buttons get black or white text by contrast, so any colour passes axe (see contrast.ts).
  const tone = filledButtonTone(theme, color ?? theme.primaryColor);
  const trigger = variant === undefined || variant === 'filled' ? tone : { color, variant };

  return (
    <>
      <Button {...trigger} {...buttonProps} onClick={open}>
        {label}
      </Button>
      <Dialog
        opened={opened}
        onClose={close}
        title={title}
        centered
        closeOnClickOutside={!busy}
        closeOnEscape={!busy}
        withCloseButton={!busy}
      >
        {/* A sentence is a paragraph; a richer message (a list of what will happen) brings its own blocks. */}
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        {error && (
          <Text role="alert" c="red.9" size="sm" mt="sm">
            {error}
          </Text>
        )}
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button {...tone} loading={busy} onClick={() => void confirm()} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Dialog>
    </>
  );
}
