import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';

import {
  NO_RESPONSIBLE_CHOICE,
  processReturnBody,
  type ProcessReturnBody,
  type ReturnDetail,
} from '@bloomline/contract';

import { isApiError } from '@/api/client';
import { useIdempotencyKey } from '@/api/idempotency';
import { ApiForm, Dialog, useApiForm, type ClientSchema } from '@/ui';
import { returnKeys } from '@/lib/query-keys';

import { invalidateClaim } from '../api/invalidate-claim';
import { processReturn } from '../api/process-return';
import { ResponsibleSelect } from './responsible-select';
import { ReturnCreditNotes } from './return-credit-notes';

export const PROCESS_RETURN = 'Process return';
export const RETURN_PROCESSED_MESSAGE = 'Return processed.';

type Values = { responsible: string | null };

/** '---' (or none yet) is no choice: sent as nothing, so the contract's schema calls it required, as the server would. */
const toBody = (values: Values) => ({
  responsible: values.responsible === NO_RESPONSIBLE_CHOICE ? '' : (values.responsible ?? ''),
});
const schema: ClientSchema = { safeParse: (values) => processReturnBody.safeParse(toBody(values as Values)) };

export type ProcessReturnDialogProps = { record: ReturnDetail; opened: boolean; onClose: () => void };

/** Who bears the return's cost; a return processed meanwhile (409) is said here and the page catches up. */
export function ProcessReturnDialog({ record, opened, onClose }: ProcessReturnDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={PROCESS_RETURN}>
      {opened && <ProcessReturnForm record={record} onClose={onClose} />}
    </Dialog>
  );
}

function ProcessReturnForm({ record, onClose }: Omit<ProcessReturnDialogProps, 'opened'>) {
  const queryClient = useQueryClient();
  const once = useIdempotencyKey();
  const controller = useApiForm<Values, ReturnDetail>({
    // Nothing chosen yet: the field shows its placeholder, as the refund's does.
    initialValues: { responsible: null },
    schema,
    submit: async (values) => {
      try {
        // The schema has passed: responsible is one of the three.
        return await processReturn(record.id, toBody(values) as ProcessReturnBody, once.key);
      } catch (error) {
        if (isApiError(error) && error.status === 409)
          void invalidateClaim(queryClient, returnKeys, record.id);
        throw error;
      }
    },
    confirmation: RETURN_PROCESSED_MESSAGE,
    // A dialog of one choice: Cancel is the way out, nothing to guard.
    guardUnsaved: false,
    onSuccess: async (saved) => {
      queryClient.setQueryData(returnKeys.detail(saved.id), saved);
      onClose();
      await invalidateClaim(queryClient, returnKeys, saved.id);
    },
  });

  return (
    <ApiForm
      controller={controller}
      label={PROCESS_RETURN}
      buttons={{ submitLabel: PROCESS_RETURN, onCancel: onClose }}
    >
      <Text size="sm">
        Who bears the cost of <strong>{record.name}</strong>? With Partner, each partner whose lines were
        returned gets a credit note on their bill for the order.
      </Text>
      <ReturnCreditNotes record={record} heading="Deduction with Partner responsible" />
      <ResponsibleSelect withNoChoice data-autofocus {...controller.form.getInputProps('responsible')} />
    </ApiForm>
  );
}
