import type { ReactNode } from 'react';

import type { PartnerRef } from '@bloomline/contract';

import { partnerChoices, partnerLookupQuery } from '@/api/lookups/partners';
import { RemoteSelect } from '@/ui';

export type PartnerChoiceProps = {
  value: string | null;
  onChange: (value: string | null) => void;
  /** The partner the user has now, so its name shows before any search. */
  current?: PartnerRef | null;
  error?: ReactNode;
};

/** The partner a partner user works for: searched on the server by name as the user types. */
export function PartnerChoice({ value, onChange, current, error }: PartnerChoiceProps) {
  return (
    <RemoteSelect
      label="Partner"
      required
      placeholder="Search for a partner"
      value={value}
      onChange={(next) => onChange(next)}
      query={partnerLookupQuery}
      options={partnerChoices}
      current={current ? { value: String(current.id), label: current.name } : null}
      limit={100}
      error={error}
      loadError={() => 'Could not load the partners.'}
    />
  );
}
