import { Button, Group, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';

import type { ErrorBag } from '@bloomline/contract';

import { isApiError } from '@/api/client';
import { FieldErrors, FormError, errorMessage } from '@/ui';

export type WorkflowFormProps = {
  /** Sends the choice; null while there is none to send. A 422 keeps the dialog open with its errors. */
  send: (() => Promise<unknown>) | null;
  /** The field whose 422 messages show under the choice. */
  field: string;
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
export function WorkflowForm({
  send,
  field,
  refused = null,
  submitLabel,
  onClose,
  children,
}: WorkflowFormProps) {
  const [busy, setBusy] = useState(false);
  const [bag, setBag] = useState<ErrorBag | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    if (!send || busy) return;
    setBusy(true);
    setBag(null);
    setFailure(null);
    try {
      await send();
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 422) setBag(error.errors);
      else setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        {children}
        <FieldErrors errors={refused ?? bag} field={field} />
        <FormError error={failure} />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={!send} loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
