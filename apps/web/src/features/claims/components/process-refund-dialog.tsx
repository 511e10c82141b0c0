import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';

import {
  CLAIM_TEXTS,
  formatMoney,
  processRefundBody,
  type ProcessRefundBody,
  type Refund,
} from '@bloomline/contract';

import { isApiError } from '@/api/client';
import { useIdempotencyKey } from '@/api/idempotency';
import {
  ApiForm,
  Dialog,
  MoneyInput,
  moneyValue,
  typedNumbersSchema,
  useApiForm,
  type ClientSchema,
} from '@/ui';
import { refundKeys } from '@/lib/query-keys';

import { invalidateClaim } from '../api/invalidate-claim';
import { processRefund } from '../api/process-refund';
import { ResponsibleSelect } from './responsible-select';

export const PROCESS_REFUND = 'Process refund';
export const REFUND_PROCESSED_MESSAGE = 'Refund processed.';

/** The fields as the inputs hold them: the amount as typed ('12,50'). */
type Values = { responsible: string | null; onPay: string };

/** The deduction is asked for only when the partner is responsible; otherwise nothing is deducted (0). */
const toBody = (values: Values) => ({
  responsible: values.responsible,
  onPay: values.responsible === 'Partner' ? moneyValue(values.onPay) : 0,
});
const cents = (rand: number) => Math.round(rand * 100);

/**
 * The contract's checks (a money field read as typed), then the bound the server applies too: the deduction
 * is at most what is left to deduct on the refunded lines (`onPayLeft`), refused in the server's words before
 * anything is sent. The server's 422 is the backstop, shown under the same field.
 */
export function refundSchema(maxRand: number): ClientSchema {
  const base = typedNumbersSchema(processRefundBody, toBody, { onPay: 'money' });
  return {
    safeParse: (raw) => {
      const result = base.safeParse(raw);
      const issues = result.success ? [] : [...result.error.issues];
      const amount = toBody(raw as Values).onPay;
      const refused = issues.some((issue) => issue.path[0] === 'onPay');
      if (!refused && typeof amount === 'number' && cents(amount) > cents(maxRand)) {
        issues.push({ path: ['onPay'], message: CLAIM_TEXTS.deductionAboveLeft(formatMoney(maxRand)) });
      }
      return issues.length === 0 ? { success: true } : { success: false, error: { issues } };
    },
  };
}

export type ProcessRefundDialogProps = { refund: Refund; opened: boolean; onClose: () => void };

/** Who bears the refund and what is deducted from the partners; a 422 shows under its field, a 409 above. */
export function ProcessRefundDialog({ refund, opened, onClose }: ProcessRefundDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={PROCESS_REFUND}>
      {opened && <ProcessRefundForm refund={refund} onClose={onClose} />}
    </Dialog>
  );
}

function ProcessRefundForm({ refund, onClose }: Omit<ProcessRefundDialogProps, 'opened'>) {
  const queryClient = useQueryClient();
  const once = useIdempotencyKey();
  const controller = useApiForm<Values, Refund>({
    initialValues: { responsible: null, onPay: '' },
    schema: refundSchema(refund.onPayLeft),
    submit: async (values) => {
      try {
        // The schema has passed: responsible is one of the three and the amount a number.
        return await processRefund(refund.id, toBody(values) as ProcessRefundBody, once.key);
      } catch (error) {
        if (isApiError(error) && error.status === 409)
          void invalidateClaim(queryClient, refundKeys, refund.id);
        throw error;
      }
    },
    confirmation: REFUND_PROCESSED_MESSAGE,
    guardUnsaved: false,
    onSuccess: async (saved) => {
      queryClient.setQueryData(refundKeys.detail(saved.id), saved);
      onClose();
      await invalidateClaim(queryClient, refundKeys, saved.id);
    },
  });
  const { form } = controller;

  return (
    <ApiForm
      controller={controller}
      label={PROCESS_REFUND}
      buttons={{ submitLabel: PROCESS_REFUND, onCancel: onClose }}
    >
      <Text size="sm">
        <strong>{refund.name}</strong> refunded <strong>{formatMoney(refund.amount)}</strong> to the customer.
      </Text>
      <ResponsibleSelect
        placeholder="Choose who is responsible"
        data-autofocus
        {...form.getInputProps('responsible')}
      />
      {form.getValues().responsible === 'Partner' ? (
        <MoneyInput
          label="Deduction"
          required
          description={`${CLAIM_TEXTS.deductionLeft(formatMoney(refund.onPayLeft))} Taken off the partners' pay in proportion to what each line can still take.`}
          {...form.getInputProps('onPay')}
        />
      ) : (
        <Text size="sm" c="dimmed">
          Nothing is deducted from the partners unless Partner is responsible.
        </Text>
      )}
    </ApiForm>
  );
}
