import {
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';

import {
  ACCOUNT_TYPES,
  accountTypeOf,
  BANK_STATE_LABELS,
  bankConfirmRefusal,
  bankDetailsBody,
  maskedAccount,
  type BankDetailsBody,
  type BankState,
  type Partner,
} from '@bloomline/contract';

import { invalidateResources, partnerKeys, payoutKeys } from '@/lib/query-keys';
import { useUser } from '@/session/session-context';
import { ApiForm, ConfirmAction, Dialog, filledColours, formatDay, useApiForm } from '@/ui';
import { KeyValues } from '@/ui/key-values';

import { changeBankDetails, confirmBankDetails } from '../api/bank-details';

export const BANK_TITLE = 'Bank details';
export const CHANGE_BANK = 'Change bank details';
export const CONFIRM_BANK = 'Confirm bank details';

const STATE_COLOURS: Record<BankState, string> = {
  ready: 'teal',
  incomplete: 'gray',
  'awaiting-confirmation': 'orange',
};

/** "Changed by X on Mon 30 Nov 2026, awaiting confirmation" (or who confirmed it, and when). */
export function bankStateSentence(bank: Partner['bank']): string {
  const change = bank.change;
  if (!change) return bank.state === 'incomplete' ? 'No bank details recorded.' : 'Confirmed.';
  const by = change.changedBy
    ? `Changed by ${change.changedBy.name}`
    : 'Recorded before confirmation was asked';
  const changed = `${by} on ${formatDay(change.changedAt)}`;
  if (bank.state === 'incomplete') return `${changed}: incomplete, nothing can be paid.`;
  if (!change.confirmedAt) return `${changed}, awaiting confirmation`;
  return `${changed}, confirmed by ${change.confirmedBy?.name ?? 'a user since removed'} on ${formatDay(change.confirmedAt)}`;
}

type Values = Record<keyof BankDetailsBody, string>;

/**
 * Issue 46: a partner's bank details on its page. Staff with the payouts permission read them in full, change
 * them (a dialog: the change is e-mailed to the partner and waits) and confirm another user's change; other
 * staff read the state and the last four digits only.
 */
export function BankDetailsSection({ partner }: { partner: Partner }) {
  const heading = useId();
  const theme = useMantineTheme();
  const user = useUser();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const { bank } = partner;
  // Black or white text by contrast, as every badge (ui/contrast.ts).
  const badge = filledColours(theme, STATE_COLOURS[bank.state]);
  const mayChange = user.permissions.managePayouts;
  const refusal = bankConfirmRefusal(bank, user);
  // The partner, and the payouts list that marks its bank state.
  const refresh = async () => {
    await invalidateResources(queryClient, [{ keys: partnerKeys, id: partner.id }]);
    await queryClient.invalidateQueries({ queryKey: payoutKeys.all });
  };

  return (
    <Paper
      component="section"
      aria-labelledby={heading}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      mt="md"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} size="h4" id={heading}>
            {BANK_TITLE}
          </Title>
          <Badge variant="filled" color={badge.background} c={badge.text} data-testid="bank-state">
            {BANK_STATE_LABELS[bank.state]}
          </Badge>
        </Group>
        <Text size="sm" data-testid="bank-state-sentence">
          {bankStateSentence(bank)}
        </Text>
        {bank.shown ? (
          <KeyValues
            items={[
              { key: 'bank', label: 'Bank', value: partner.bank_name ?? '—' },
              { key: 'branch', label: 'Branch code', value: partner.branch_code ?? '—' },
              { key: 'name', label: 'Account name', value: partner.account_name ?? '—' },
              { key: 'number', label: 'Account number', value: partner.account_number ?? '—' },
              { key: 'type', label: 'Account type', value: partner.account_type ?? '—' },
            ]}
          />
        ) : (
          <Stack gap={4}>
            <Text size="sm">Account number: {maskedAccount(bank.accountLastFour)}</Text>
            <Text size="sm" c="dimmed">
              Only users with the payouts permission see and change bank details.
            </Text>
          </Stack>
        )}
        {mayChange && (
          <Group gap="sm" wrap="wrap">
            <Button variant="default" onClick={() => setEditing(true)}>
              {CHANGE_BANK}
            </Button>
            {bank.state === 'awaiting-confirmation' && bank.change && (
              <ConfirmAction
                label={CONFIRM_BANK}
                title={CONFIRM_BANK}
                disabled={refusal !== null}
                message={`Confirm that ${partner.name} is paid into ${partner.bank_name ?? ''} account ${partner.account_number ?? ''} (${partner.account_name ?? ''})? Payouts pay into it from now on.`}
                onConfirm={async () => {
                  await confirmBankDetails(partner.id, bank.change!.id);
                  await refresh();
                }}
              />
            )}
          </Group>
        )}
        {mayChange && bank.state === 'awaiting-confirmation' && refusal !== null && (
          <Text size="sm" c="dimmed" data-testid="bank-confirm-reason">
            {refusal}
          </Text>
        )}
      </Stack>
      <Dialog opened={editing} onClose={() => setEditing(false)} title={CHANGE_BANK}>
        {editing && <BankDetailsForm partner={partner} onDone={() => setEditing(false)} refresh={refresh} />}
      </Dialog>
    </Paper>
  );
}

function BankDetailsForm({
  partner,
  onDone,
  refresh,
}: {
  partner: Partner;
  onDone: () => void;
  refresh: () => Promise<void>;
}) {
  const controller = useApiForm<Values, Partner>({
    initialValues: {
      bank_name: partner.bank_name ?? '',
      branch_code: partner.branch_code ?? '',
      account_name: partner.account_name ?? '',
      account_number: partner.account_number ?? '',
      account_type: accountTypeOf(partner.account_type ?? '') ?? '',
    },
    schema: bankDetailsBody,
    submit: (values) => changeBankDetails(partner.id, values),
    confirmation:
      'Saved: the partner is e-mailed, and a second user with the payouts permission must confirm.',
    guardUnsaved: false,
    onSuccess: async () => {
      onDone();
      await refresh();
    },
  });
  const { form } = controller;
  return (
    <ApiForm controller={controller} label={CHANGE_BANK} buttons={{ submitLabel: 'Save', onCancel: onDone }}>
      <Stack gap="sm">
        <Text size="sm">
          The partner’s owner and business addresses are told of the change. No payout pays into the new
          account until another user with the payouts permission confirms it.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Bank" data-autofocus {...form.getInputProps('bank_name')} />
          <TextInput label="Branch code" inputMode="numeric" {...form.getInputProps('branch_code')} />
          <TextInput label="Account name" {...form.getInputProps('account_name')} />
          <TextInput label="Account number" inputMode="numeric" {...form.getInputProps('account_number')} />
          <Select
            label="Account type"
            data={ACCOUNT_TYPES.map((t) => ({ value: t, label: t === 'Cheque' ? 'Cheque (Current)' : t }))}
            allowDeselect={false}
            {...form.getInputProps('account_type')}
          />
        </SimpleGrid>
      </Stack>
    </ApiForm>
  );
}
