import { Group, NumberInput, Select } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

import { AUDIT_RECORD_TYPES } from '@bloomline/contract';

import { SEARCH_DEBOUNCE_MS, type ListPatch } from '@/ui';
import type { AuditListParams } from '@/lib/query-keys';

import { UserFilter } from './user-filter';

export type AuditFiltersProps = {
  params: AuditListParams;
  /** The name of the filtered user, when an entry on the page shows it. */
  userName?: string;
  update: (patch: ListPatch) => void;
};

const TYPE_OPTIONS = AUDIT_RECORD_TYPES.map((t) => ({ value: t, label: t }));
const width = { base: '100%', sm: 240 };

/** The record id takes effect 500 ms after typing stops, as a search does; blank is any record. */
function RecordIdFilter({ value, onChange }: { value: number | undefined; onChange: (v?: number) => void }) {
  const [text, setText] = useState<string | number>(value ?? '');
  const [seen, setSeen] = useState(value);
  // Follow outside changes (Back, a cleared filter) without echoing our own.
  if (value !== seen) {
    setSeen(value);
    setText(value ?? '');
  }
  const apply = useDebouncedCallback((v: string | number) => {
    const id = typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined;
    if (id !== value) onChange(id);
  }, SEARCH_DEBOUNCE_MS);
  return (
    <NumberInput
      label="Record id"
      placeholder="Any record"
      value={text}
      onChange={(v) => {
        setText(v);
        apply(v);
      }}
      allowDecimal={false}
      allowNegative={false}
      min={1}
      max={2_147_483_647}
      hideControls
      w={width}
    />
  );
}

/** The audit screen's filters: who, which kind of record and which record; each lives in the address. */
export function AuditFilters({ params, userName, update }: AuditFiltersProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Audit filters">
      <UserFilter value={params.user} knownName={userName} onChange={(user) => update({ user })} />
      <Select
        label="Record type"
        placeholder="Any type"
        data={TYPE_OPTIONS}
        value={params.pT ?? null}
        onChange={(pT) => update({ pT })}
        clearable
        searchable
        w={width}
        comboboxProps={{ withinPortal: true }}
      />
      <RecordIdFilter value={params.pI} onChange={(pI) => update({ pI })} />
    </Group>
  );
}
