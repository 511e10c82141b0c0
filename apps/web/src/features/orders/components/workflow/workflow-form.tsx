import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

import type { ErrorBag } from '@bloomline/contract';

import { FieldErrors, FormError, useApiForm, type ApiFormController } from '@/ui';

type Values = Record<string, unknown>;

export type WorkflowFormOptions<V extends Values> = {
  /** The choice, named as the request's field (`reason`, `partner_id`), so a 422 bag lands on it. */
  initialValues: V;
  /** Sends the choice (through `runWorkflow` where a 409 means the order moved on). */
  send: (values: V) => Promise<unknown>;
  /** Closes the dialog: once the call went through, or the order moved on (its notice says so). */
  onClose: () => void;
};

/**
 * A workflow dialog's submit, on the kit's `useApiForm`: a 422 under the choice, any other failure in the
 * form error, the action busy while the call runs. No toast: the order on screen shows the outcome; the
 * dialog is a single choice, so nothing guards leaving it.
 */
export const useWorkflowForm = <V extends Values>({ initialValues, send, onClose }: WorkflowFormOptions<V>) =>
  useApiForm({ initialValues, submit: send, onSuccess: onClose, confirmation: false, guardUnsaved: false });

export type WorkflowFormProps<V extends Values> = {
  controller: ApiFormController<V>;
  /** Whether there is a choice to send: the action is off, and nothing is sent, until there is. */
  ready: boolean;
  /** The field whose 422 messages show under the choice. */
  field: keyof V & string;
  /** The contract's refusal of what is typed, shown in place of the server's messages. */
  refused?: ErrorBag | null;
  submitLabel: string;
  onClose: () => void;
  children: ReactNode;
};

/**
 * The form of a workflow dialog (assign, reject): the choice, its errors, any other failure, Cancel and the
 * action, which waits while the call runs; the dialog closes once the call succeeds.
 */
export function WorkflowForm<V extends Values>({
  controller,
  ready,
  field,
  refused = null,
  submitLabel,
  onClose,
  children,
}: WorkflowFormProps<V>) {
  const { pending } = controller;
  // useApiForm puts a 422's messages for the field as one string.
  const message = controller.form.errors[field];
  const bag = typeof message === 'string' && message !== '' ? { [field]: [message] } : null;
  return (
    <form
      onSubmit={(event) => {
        if (ready && !pending) controller.onSubmit(event);
        else event.preventDefault();
      }}
    >
      <Stack gap="sm">
        {children}
        <FieldErrors errors={refused ?? bag} field={field} />
        <FormError error={controller.formError} />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ready} loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
