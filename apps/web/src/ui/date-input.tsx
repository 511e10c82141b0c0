// The date pickers' styles load with the screens that show one (main.tsx has Mantine's core styles): import this
// module itself (`@/ui/date-input`), never through `@/ui`, which the first screen loads.
import '@mantine/dates/styles.css';

import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';

/** Mantine leaves the calendar's arrows unnamed; a screen reader (and axe) needs their names. */
export const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose another month',
  yearLevelControl: 'Choose another year',
} as const;

export type DateFieldProps = Omit<DatePickerInputProps<'default'>, 'type' | 'value' | 'onChange'> & {
  /** 'YYYY-MM-DD', or null while none is chosen (a form's `getInputProps` gives both). */
  value?: string | null;
  onChange?: (value: string | null) => void;
};

/**
 * Every date field of the back office (issue 37: one date input): shown 'DD MMM YYYY' like every date (or as
 * `valueFormat` says), read and written 'YYYY-MM-DD', the calendar's arrows and the clear button named, its
 * placeholder dark enough to read, drawn above dialogs; on a phone the calendar opens as a dialog that closes
 * once a day is picked, so it never hides the field's error.
 */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <DatePickerInput
      valueFormat="DD MMM YYYY"
      placeholder="Choose a date"
      leftSection={<IconCalendar size={16} aria-hidden />}
      popoverProps={{ withinPortal: true }}
      ariaLabels={CALENDAR_LABELS}
      styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      dropdownType={phone ? 'modal' : 'popover'}
      clearButtonProps={{ 'aria-label': 'Clear date' }}
      value={value}
      onChange={(next) => onChange?.(next)}
      {...props}
    />
  );
}
