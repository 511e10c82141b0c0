import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';

import type { CustomerListItem, ErrorBag, PartnerRef } from '@bloomline/contract';

import { isApiError } from '@/api/client';
import { Dialog, FormError, SEARCH_DEBOUNCE_MS, errorMessage, fieldError } from '@/ui';

import { usePartnerChoices } from '../api/get-partner-choices';
import { useSetCustomerPartner } from '../api/set-customer-partner';

export const CHANGE_PARTNER_TITLE = 'Change partner';
const NO_PARTNER = 'none';
const NO_PARTNER_LABEL = 'No partner';

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
  const save = useSetCustomerPartner(customer.id);
  const [selected, setSelected] = useState<PartnerRef | null>(customer.partner);
  const [search, setSearch] = useState(customer.partner?.name ?? NO_PARTNER_LABEL);
  const [bag, setBag] = useState<ErrorBag | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  // The box shows the chosen partner's name: that is no search, so every partner is offered then.
  const typed = search.trim() === (selected?.name ?? NO_PARTNER_LABEL) ? '' : search.trim();
  const [q] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const partners = usePartnerChoices(q);

  const options = (partners.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  // The chosen partner stays a choice whatever the search shows.
  if (selected && !options.some((o) => o.value === String(selected.id)))
    options.unshift({ value: String(selected.id), label: selected.name });
  // Mantine's clear button is for the mouse only (aria-hidden): "No partner" is a choice for the keyboard.
  if (!typed) options.unshift({ value: NO_PARTNER, label: NO_PARTNER_LABEL });

  const submit = async () => {
    if (save.isPending) return;
    setBag(null);
    setFailure(null);
    try {
      const saved = await save.mutateAsync(selected?.id ?? null);
      notifications.show({
        color: 'green',
        message: saved.partner
          ? `${saved.name}'s partner is now ${saved.partner.name}.`
          : `${saved.name} no longer has a partner.`,
      });
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 422) setBag(error.errors);
      else setFailure(error);
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
        <Text size="sm">
          Choose a partner for <strong>{customer.name}</strong>, or No partner.
        </Text>
        <Select
          label="Partner"
          data={options}
          value={selected ? String(selected.id) : NO_PARTNER}
          onChange={(value, option) => setSelected(value ? { id: Number(value), name: option.label } : null)}
          searchable
          // Picking the chosen one again keeps it (Mantine would clear it).
          allowDeselect={false}
          searchValue={search}
          onSearchChange={setSearch}
          // The server searched already.
          filter={({ options: all }) => all}
          clearable={selected !== null}
          clearButtonProps={{ 'aria-label': 'Clear partner' }}
          nothingFoundMessage={partners.isFetching ? 'Searching…' : 'Nothing found.'}
          error={
            fieldError(bag, 'partnerId') ?? (partners.isError ? errorMessage(partners.error) : undefined)
          }
          comboboxProps={{ withinPortal: true }}
        />
        <FormError error={failure} />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
