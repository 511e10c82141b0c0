import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Blocker } from 'react-router';

import { Dialog } from '../dialog';
import { FormError } from '../form-error';
import type { ApiFormController } from './use-api-form';

export const UNSAVED_TITLE = 'Leave without saving?';
export const UNSAVED_MESSAGE = 'You have unsaved changes. They will be lost if you leave this page.';

/** Asks whether to drop unsaved changes when a blocked navigation waits. */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  const blocked = blocker.state === 'blocked';
  return (
    <Dialog opened={blocked} onClose={() => blocker.reset?.()} title={UNSAVED_TITLE}>
      <Text>{UNSAVED_MESSAGE}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          Stay
        </Button>
        <Button color="red.9" onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
      </Group>
    </Dialog>
  );
}

export type ApiFormProps<Values extends Record<string, unknown>> = {
  controller: ApiFormController<Values>;
  children: ReactNode;
  /** The buttons, under the shared form error: `buttons` for the usual submit and cancel, or any `actions`. */
  actions?: ReactNode;
  buttons?: Omit<FormButtonsProps, 'pending' | 'cancelLabel'> & { cancelLabel?: string };
  /** Accessible name of the form. */
  label?: string;
};

/** A form on useApiForm: fields, the one form error, the buttons and the unsaved-changes prompt. */
export function ApiForm<Values extends Record<string, unknown>>({
  controller,
  children,
  actions,
  buttons,
  label,
}: ApiFormProps<Values>) {
  return (
    <form
      onSubmit={controller.onSubmit}
      noValidate
      aria-label={label}
      aria-busy={controller.pending || undefined}
    >
      <Stack gap="md">
        {children}
        <FormError error={controller.formError} />
        {buttons ? <FormButtons cancelLabel="Cancel" {...buttons} pending={controller.pending} /> : actions}
      </Stack>
      <UnsavedChangesDialog blocker={controller.blocker} />
    </form>
  );
}

export type FormButtonsProps = {
  submitLabel: string;
  cancelLabel: string;
  onCancel: () => void;
  pending: boolean;
  /** Submit is off until the form can be sent (a required field still empty). */
  submitDisabled?: boolean;
};

/** Submit and cancel, right-aligned; full width on a phone. Submit waits while a call runs. */
export function FormButtons({
  submitLabel,
  cancelLabel,
  onCancel,
  pending,
  submitDisabled = false,
}: FormButtonsProps) {
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={pending} disabled={pending || submitDisabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}
