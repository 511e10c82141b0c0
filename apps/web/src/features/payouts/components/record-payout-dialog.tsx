import '@mantine/dates/styles.css';

import { Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';

import { createPayoutBody, formatMoney, type PayoutCreated } from '@bloomline/contract';

import { useIdempotencyKey } from '@/api/idempotency';
import { ApiForm, Dialog, formatDay, todayInJohannesburg, useApiForm, type ClientSchema } from '@/ui';
import { DateField } from '@/ui/date-input';
import { payoutKeys, statementKeys } from '@/lib/query-keys';

import { createPayout } from '../api/payouts';

export const RECORD_PAYOUT = 'Record payout';
export const PAYOUT_RECORDED = 'Payout recorded.';

type Values = { paidAt: string | null; reference: string };

export type RecordPayoutDialogProps = {
  opened: boolean;
  onClose: () => void;
  upTo: string;
  partners: { id: number; name: string; due: number }[];
  onRecorded: (payout: PayoutCreated) => void;
};

/** The reference the bank shows the partners, unless staff type another: "BL PAY 20261127". */
export const defaultReference = (day: string) => `BL PAY ${day.replaceAll('-', '')}`;

/**
 * Paid on and the bank reference, behind the sentence that names what will be paid (the total, to how many
 * partners, up to which day): the confirmation of DECISIONS.md "The money cycle on real orders".
 */
export function RecordPayoutDialog(props: RecordPayoutDialogProps) {
  return (
    <Dialog opened={props.opened} onClose={props.onClose} title={RECORD_PAYOUT}>
      {props.opened && <RecordPayoutForm {...props} />}
    </Dialog>
  );
}

function RecordPayoutForm({ onClose, upTo, partners, onRecorded }: RecordPayoutDialogProps) {
  const queryClient = useQueryClient();
  const today = todayInJohannesburg();
  const body = (values: Values) => ({
    upTo,
    paidAt: values.paidAt ?? '',
    reference: values.reference,
    partnerIds: partners.map((p) => p.id),
  });
  const schema: ClientSchema = { safeParse: (values) => createPayoutBody.safeParse(body(values as Values)) };
  const once = useIdempotencyKey();
  const controller = useApiForm<Values, PayoutCreated>({
    initialValues: { paidAt: today, reference: defaultReference(today) },
    schema,
    submit: (values) => createPayout(body(values), once.key),
    confirmation: PAYOUT_RECORDED,
    guardUnsaved: false,
    onSuccess: async (payout) => {
      onRecorded(payout);
      onClose();
      // What is due, the history, and every statement (bills paid, deductions settled).
      await queryClient.invalidateQueries({ queryKey: payoutKeys.all });
      await queryClient.invalidateQueries({ queryKey: statementKeys.all });
    },
  });
  const total = partners.reduce((sum, p) => sum + Math.round(p.due * 100), 0) / 100;
  const count = partners.length;

  return (
    <ApiForm
      controller={controller}
      label={RECORD_PAYOUT}
      buttons={{ submitLabel: RECORD_PAYOUT, onCancel: onClose }}
    >
      <Stack gap="sm">
        <Text size="sm" data-testid="payout-confirmation">
          Pay <strong>{formatMoney(total)}</strong> to {count} {count === 1 ? 'partner' : 'partners'} for
          their bills less deductions up to {formatDay(upTo)}? Each one gets a remittance e-mail.
        </Text>
        <DateField
          label="Paid on"
          valueFormat="ddd DD MMM YYYY"
          maxDate={today}
          minDate={upTo}
          {...controller.form.getInputProps('paidAt')}
        />
        <TextInput
          label="Bank reference"
          description="Shown on the partners' bank statements (at most 30 characters)."
          data-autofocus
          {...controller.form.getInputProps('reference')}
        />
      </Stack>
    </ApiForm>
  );
}
