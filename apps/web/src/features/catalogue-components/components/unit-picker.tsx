import { Button, Group, Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { componentUnitLabel } from '@bloomline/contract';

import { useComponentUnits } from '../api/get-component-units';

export type UnitPickerProps = {
  value: string | null;
  onChange: (value: string | null) => void;
  error?: ReactNode;
  /** Opens the new-unit dialog. */
  onNew: () => void;
};

/** The unit a component is sold in ("10 Stem"), with New unit for one the list lacks. */
export function UnitPicker({ value, onChange, error, onNew }: UnitPickerProps) {
  const units = useComponentUnits();
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <Select
        label="Unit"
        placeholder="Choose a unit"
        data={(units.data ?? []).map((u) => ({ value: String(u.id), label: componentUnitLabel(u) }))}
        value={value}
        onChange={onChange}
        searchable
        clearable
        nothingFoundMessage={units.isPending ? 'Loading…' : 'Nothing found.'}
        error={error ?? (units.isError ? 'The units could not be loaded.' : undefined)}
        comboboxProps={{ withinPortal: true }}
        style={{ flex: 1 }}
      />
      <Button variant="default" mt={25} onClick={onNew} leftSection={<IconPlus size={16} aria-hidden />}>
        New unit
      </Button>
    </Group>
  );
}
