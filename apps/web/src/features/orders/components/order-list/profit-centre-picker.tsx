import { Select, type SelectProps } from '@mantine/core';

import { useProfitCentres } from '@/api/lookups/profit-centres';

export type ProfitCentrePickerProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: number | undefined;
  onChange: (profitCentreId: number | undefined) => void;
};

/** Staff only: narrows a list to the orders of one profit centre (issue 40: a saved view may keep it). */
export function ProfitCentrePicker({
  value,
  onChange,
  label = 'Profit centre',
  ...rest
}: ProfitCentrePickerProps) {
  const centres = useProfitCentres();
  return (
    <Select
      label={label}
      placeholder={centres.isPending ? 'Loading profit centres…' : 'All profit centres'}
      data={(centres.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
      value={value === undefined ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : undefined)}
      clearable
      clearButtonProps={{ 'aria-label': 'Clear profit centre' }}
      error={centres.isError ? 'Could not load the profit centres.' : undefined}
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  );
}
