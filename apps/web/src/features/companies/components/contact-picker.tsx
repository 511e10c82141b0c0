import { Group, Select } from '@mantine/core';

import type { CompanyListItem, XeroContact } from '@bloomline/contract';

import { useSaveCompany } from '../api/save-company';
import { SaveState } from './save-state';

export type ContactPickerProps = {
  company: CompanyListItem;
  /** The accounting service's contacts. */
  contacts: readonly XeroContact[];
};

const NO_CONTACT = 'none';

/** The company's accounting contact (manageXero): saved as soon as one is picked or cleared. */
export function ContactPicker({ company, contacts }: ContactPickerProps) {
  const save = useSaveCompany(company.id);
  const current = company.xeroContact;
  const options = contacts.map((c) => ({ value: c.ContactID, label: c.Name }));
  // A contact the service no longer lists (archived) still shows as the company's.
  if (current && !options.some((o) => o.value === current.ContactID))
    options.unshift({ value: current.ContactID, label: current.Name || current.ContactID });
  const asked = save.isPending ? save.variables.xero_contact_id : undefined;
  const chosen = typeof asked === 'string' || asked === null ? asked : (current?.ContactID ?? null);
  // Mantine's clear button is for the mouse only (aria-hidden): "No contact" is a choice for the keyboard, once
  // there is a contact to clear. Without one the field is empty (its placeholder says so), so what is typed
  // searches every contact instead of joining the words "No contact" (issue 36).
  if (chosen !== null) options.unshift({ value: NO_CONTACT, label: 'No contact' });
  const name = `Accounting contact for ${company.name}`;

  return (
    <Group gap="xs" wrap="nowrap">
      <Select
        aria-label={name}
        data={options}
        value={chosen}
        placeholder="No contact"
        onChange={(id) => save.mutate({ xero_contact_id: id === NO_CONTACT ? null : id })}
        searchable
        // What is typed replaces the chosen name: a search of every contact, not the name with letters added.
        onFocus={(e) => e.currentTarget.select()}
        // Picking the chosen one again keeps it (Mantine would clear it).
        allowDeselect={false}
        clearable={chosen !== null}
        clearButtonProps={{ 'aria-label': `Clear ${name.toLowerCase()}` }}
        nothingFoundMessage="Nothing found."
        disabled={save.isPending}
        // Every contact is searched; the first 50 that match are listed (a long list is found by typing).
        limit={50}
        size="xs"
        w={220}
        comboboxProps={{ withinPortal: true }}
      />
      <SaveState status={save.status} error={save.error} of={`${name}: save state`} />
    </Group>
  );
}
