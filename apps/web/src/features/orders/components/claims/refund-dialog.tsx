import { Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { CLAIM_TEXTS, formatMoney, openRefundBody, type OrderDetail, type Refund } from '@bloomline/contract';

import { ApiError, isApiError } from '@/api/client';
import { useIdempotencyKey } from '@/api/idempotency';
import { paths } from '@/lib/paths';
import { ApiForm, Dialog, MoneyInput, moneyValue, useApiForm, type ClientSchema } from '@/ui';

import { openRefund } from '../../api/open-claims';
import { invalidateOrder } from '../../api/invalidate-order';
import { claimableLines } from './claimable-lines';

export const REFUND = 'Refund';
export const REFUND_OPENED = 'Refund opened.';

type Values = { amount: string; lineIds: string[]; reason: string };

const bodyOf = (values: Values) => ({
  amount: moneyValue(values.amount),
  lines: values.lineIds.map(Number),
  reason: values.reason,
});

/**
 * What is left to refund on the order: its value with delivery less its refunds (the server's `refundLeft`;
 * the order's value with delivery when an older server does not say). The server refuses more too.
 */
const leftOf = (order: OrderDetail) => order.refundLeft ?? order.totalValue;

/** The contract's checks, the order's value as the bound, and `lines` said under the lines' checkboxes. */
function schemaFor(order: OrderDetail): ClientSchema {
  return {
    safeParse: (raw) => {
      const values = raw as Values;
      const result = openRefundBody.safeParse(bodyOf(values));
      const issues = result.success
        ? []
        : result.error.issues.map((i) => ({
            path: [String(i.path[0]) === 'lines' ? 'lineIds' : String(i.path[0])],
            message: String(i.path[0]) === 'lines' ? 'Choose the lines refunded.' : i.message,
          }));
      const amount = moneyValue(values.amount);
      if (
        !issues.some((i) => i.path[0] === 'amount') &&
        typeof amount === 'number' &&
        Math.round(amount * 100) > Math.round(leftOf(order) * 100)
      )
        issues.push({ path: ['amount'], message: CLAIM_TEXTS.refundAboveLeft(formatMoney(leftOf(order))) });
      return issues.length === 0 ? { success: true } : { success: false, error: { issues } };
    },
  };
}

export type RefundDialogProps = { order: OrderDetail; opened: boolean; onClose: () => void };

/** Staff open a refund from the order page: how much goes back to the customer, for which delivered lines. */
export function RefundDialog({ order, opened, onClose }: RefundDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={REFUND}>
      {opened && <RefundForm order={order} onClose={onClose} />}
    </Dialog>
  );
}

function RefundForm({ order, onClose }: Omit<RefundDialogProps, 'opened'>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const lines = claimableLines(order);
  const once = useIdempotencyKey();
  const controller = useApiForm<Values, Refund>({
    initialValues: { amount: '', lineIds: lines.length === 1 ? [String(lines[0]!.id)] : [], reason: '' },
    schema: schemaFor(order),
    submit: async (values) => {
      try {
        return await openRefund(order.id, bodyOf(values), once.key);
      } catch (error) {
        // `lines.0` of the server's bag is about the lines chosen: said under them.
        if (isApiError(error) && error.isValidation)
          throw new ApiError(
            error.status,
            error.message,
            Object.fromEntries(
              Object.entries(error.errors).map(([k, m]) => [k.startsWith('lines') ? 'lineIds' : k, m]),
            ),
            error.body,
          );
        throw error;
      }
    },
    confirmation: REFUND_OPENED,
    guardUnsaved: false,
    onSuccess: async (opened) => {
      onClose();
      await invalidateOrder(queryClient, order.id);
      await navigate(paths.refund(opened.id));
    },
  });
  const { form } = controller;

  return (
    <ApiForm
      controller={controller}
      label={REFUND}
      buttons={{ submitLabel: 'Open refund', onCancel: onClose }}
    >
      <Text size="sm">
        What the customer gets back. Whether a partner bears it, and the deduction, is decided when the refund
        is processed.
      </Text>
      <Checkbox.Group label="Lines refunded" required {...form.getInputProps('lineIds')}>
        <Stack gap={6} mt={6}>
          {lines.map((l) => (
            <Checkbox
              key={l.id}
              value={String(l.id)}
              label={`${l.title}${l.partner ? ` (${l.partner})` : ''}: ${formatMoney(l.value)}`}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <MoneyInput
        label="Amount"
        required
        description={CLAIM_TEXTS.refundLeft(formatMoney(leftOf(order)))}
        data-autofocus
        {...form.getInputProps('amount')}
      />
      <TextInput
        label="Reason"
        description="Optional: what the customer was unhappy with."
        {...form.getInputProps('reason')}
      />
    </ApiForm>
  );
}
