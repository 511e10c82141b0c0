import { Group, Switch } from '@mantine/core';

import type { CompanyListItem } from '@bloomline/contract';

import { useSaveCompany } from '../api/save-company';
import { SaveState } from './save-state';

/** The three flags: the list's key and the field a change sends. */
export const COMPANY_FLAGS = {
  inStore: { field: 'in_store', label: 'In store' },
  avbob: { field: 'avbob', label: 'AVBOB' },
  b2b: { field: 'b2b', label: 'B2B' },
} as const;
export type CompanyFlag = keyof typeof COMPANY_FLAGS;

/** A flag of one company that saves as soon as it is switched, and says how that went. */
export function FlagSwitch({ company, flag }: { company: CompanyListItem; flag: CompanyFlag }) {
  const { field, label } = COMPANY_FLAGS[flag];
  const save = useSaveCompany(company.id);
  // While saving, the switch shows what was asked; after a failure, what is stored.
  const pending = save.isPending ? save.variables[field] : undefined;
  const checked = typeof pending === 'boolean' ? pending : company[flag];
  const name = `${label} for ${company.name}`;

  return (
    <Group gap="xs" wrap="nowrap">
      <Switch
        checked={checked}
        onChange={(e) => save.mutate({ [field]: e.currentTarget.checked })}
        aria-label={name}
        disabled={save.isPending}
      />
      <SaveState status={save.status} error={save.error} of={`${name}: save state`} />
    </Group>
  );
}
