import { NumberInput } from '@mantine/core';

import { RemoteSelect } from '@/ui';

import { userSearchQuery } from '../api/search-users';

export type UserFilterProps = {
  /** The user id in force. */
  value: number | undefined;
  /** The name of that user when the page already shows it (their entries), so the box can say who it is. */
  knownName?: string;
  onChange: (user: number | undefined) => void;
};

const width = { base: '100%', sm: 240 };

/**
 * The user filter: a searchable choice over the users list (GET /api/users?q). Where that list cannot be
 * read (not offered by this server, or refused), the filter takes the user's id instead.
 */
export function UserFilter({ value, knownName, onChange }: UserFilterProps) {
  const chosen = value === undefined ? null : String(value);
  return (
    <RemoteSelect
      label="User"
      placeholder="Any user"
      value={chosen}
      onChange={(v) => onChange(v === null ? undefined : Number(v))}
      query={userSearchQuery}
      options={(users) => users.map((u) => ({ value: String(u.id), label: u.name }))}
      current={chosen === null ? null : { value: chosen, label: knownName ?? `User ${chosen}` }}
      searching="Searching…"
      nothingFound="No user found"
      clearable
      w={width}
      fallback={() => (
        <NumberInput
          label="User id"
          value={value ?? ''}
          onChange={(v) => onChange(typeof v === 'number' && v > 0 ? v : undefined)}
          allowDecimal={false}
          allowNegative={false}
          min={1}
          hideControls
          w={width}
        />
      )}
    />
  );
}
