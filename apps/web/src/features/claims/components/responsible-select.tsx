import { Select, type SelectProps } from '@mantine/core';

import { NO_RESPONSIBLE_CHOICE, RESPONSIBLE, RESPONSIBLE_PLACEHOLDER } from '@bloomline/contract';

export type ResponsibleSelectProps = Omit<SelectProps, 'data' | 'label'> & {
  /** Offer the empty '---' first (the return dialog): it means not chosen, which the form refuses. */
  withNoChoice?: boolean;
};

/**
 * Who bears the cost: the marketplace, the partner or the customer, in the exact words sent; one placeholder
 * wherever it is asked (issue 36).
 */
export function ResponsibleSelect({ withNoChoice = false, ...props }: ResponsibleSelectProps) {
  const data = withNoChoice ? [NO_RESPONSIBLE_CHOICE, ...RESPONSIBLE] : [...RESPONSIBLE];
  return (
    <Select
      label="Responsible"
      placeholder={RESPONSIBLE_PLACEHOLDER}
      required
      data={data}
      // Picking the chosen one again keeps it (Mantine would clear it).
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
