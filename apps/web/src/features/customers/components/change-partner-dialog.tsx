import { Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';

import type { CustomerListItem } from '@bloomline/contract';

import { partnerChoices, partnerLookupQuery } from '@/api/lookups/partners';
import { Dialog, FormError, RemoteSelect, errorMessage, useApiForm } from '@/ui';

import { afterCustomerPartnerChange, setCustomerPartner } from '../api/set-customer-partner';

export const CHANGE_PARTNER_TITLE = 'Change partner';
const NO_PARTNER = 'none';
// Mantine's clear button is for the mouse only (aria-hidden): "No partner" is a choice for the keyboard.
const NO_PARTNER_CHOICE = { value: NO_PARTNER, label: 'No partner' };

export type ChangePartnerDialogProps = {
  customer: CustomerListItem | null;
  onClose: () => void;
};

/** The customer's partner (their regular florist): pick one by name, or clear it. */
export function ChangePartnerDialog({ customer, onClose }: ChangePartnerDialogProps) {
  return (
    <Dialog opened={customer !== null} onClose={onClose} title={CHANGE_PARTNER_TITLE}>
      {customer && <ChangePartnerForm key={customer.id} customer={customer} onClose={onClose} />}
    </Dialog>
  );
}

function ChangePartnerForm({ customer, onClose }: { customer: CustomerListItem; onClose: () => void }) {
  const queryClient = useQueryClient();
  const current = customer.partner;
  const controller = useApiForm({
    // Named as the request's field, so a 422 on it shows under the box.
    initialValues: { partnerId: current ? String(current.id) : NO_PARTNER },
    submit: ({ partnerId }) =>
      setCustomerPartner(customer.id, { partnerId: partnerId === NO_PARTNER ? null : Number(partnerId) }),
    confirmation: (saved) =>
      saved.partner
        ? `${saved.name}'s partner is now ${saved.partner.name}.`
        : `${saved.name} no longer has a partner.`,
    onSuccess: async () => {
      await afterCustomerPartnerChange(queryClient, customer.id);
      onClose();
    },
    // A dialog of one choice: Cancel is the way out, nothing to guard.
    guardUnsaved: false,
  });
  const { form, pending } = controller;
  const value = form.getValues().partnerId;

  return (
    <form onSubmit={controller.onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Choose a partner for <strong>{customer.name}</strong>, or No partner.
        </Text>
        <RemoteSelect
          label="Partner"
          value={value}
          onChange={(next) => form.setFieldValue('partnerId', next ?? NO_PARTNER)}
          query={partnerLookupQuery}
          options={partnerChoices}
          current={current ? { value: String(current.id), label: current.name } : null}
          fixed={[NO_PARTNER_CHOICE]}
          searching="Searching…"
          // Picking the chosen one again keeps it (Mantine would clear it).
          allowDeselect={false}
          clearable={value !== NO_PARTNER}
          clearButtonProps={{ 'aria-label': 'Clear partner' }}
          error={form.errors.partnerId}
          loadError={errorMessage}
        />
        <FormError error={controller.formError} />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
