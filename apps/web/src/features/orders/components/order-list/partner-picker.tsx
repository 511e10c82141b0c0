import { Select, type SelectProps } from '@mantine/core';

import { usePartnerLookup } from '@/api/lookups/partners';

export type PartnerPickerProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: number | undefined;
  onChange: (partnerId: number | undefined) => void;
};

/** Staff only: narrows a list to the orders with a line of one partner. Searches as you type. */
export function PartnerPicker({ value, onChange, label = 'Partner', ...rest }: PartnerPickerProps) {
  const partners = usePartnerLookup();
  const data = (partners.data ?? []).map((p) => ({
    value: String(p.id),
    label: p.city ? `${p.name} (${p.city})` : p.name,
  }));
  return (
    <Select
      label={label}
      placeholder={partners.isPending ? 'Loading partners…' : 'All partners'}
      data={data}
      value={value === undefined ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : undefined)}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Clear partner' }}
      limit={50}
      nothingFoundMessage="Nothing found."
      error={partners.isError ? 'Could not load the partners.' : undefined}
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  );
}
