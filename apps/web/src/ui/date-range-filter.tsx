// The date pickers' styles load with the screens that show one (main.tsx has Mantine's core styles).
import '@mantine/dates/styles.css';

import { Button, Group } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';

import {
  type DateRange,
  dateRangeAddress,
  END_BEFORE_START,
  fillMessage,
  rangeInOrder,
} from '@bloomline/contract';

import { useListParams } from './list/use-list-params';
import { DateField } from './date-input';

export type DateRangeState = {
  /** The range in the address (`?startDate=…&endDate=…`), a malformed date read as an open end. */
  range: DateRange;
  /** False for a back-to-front range typed into the address: load nothing, the filter says why. */
  inOrder: boolean;
  /** Writes the range into the address as a new history entry; an open end is left out of it. */
  setRange: (range: DateRange) => void;
};

/**
 * A report's period lives in the address, so reload, the back button and a shared link all show the same
 * one. The other parameters of the address (a report's `status`) are kept.
 */
export function useDateRange(): DateRangeState {
  const { params, update } = useListParams(dateRangeAddress);
  return {
    range: params,
    inOrder: rangeInOrder(params),
    setRange: (range) => update({ startDate: range.startDate, endDate: range.endDate }),
  };
}

const END_MESSAGE = fillMessage(END_BEFORE_START, ['endDate']);

// An open end is "Any"; full width on a phone, side by side from 576 px.
const pickerProps = { placeholder: 'Any', clearable: true, w: { base: '100%', xs: 200 } } as const;

export type DateRangeFilterProps = {
  /** The range applied now (from `useDateRange`). */
  value: DateRange;
  /**
   * Applies a range the person submitted (`setRange`), a back-to-front one too: the address then holds it, the
   * report loads nothing (`inOrder` is false) and the filter says why.
   */
  onChange: (range: DateRange) => void;
  /** A report's other fields (a status choice), submitted with the range. */
  children?: ReactNode;
  /** The form's name for assistive technology. */
  label?: string;
};

type Draft = { startDate: string | null; endDate: string | null };

function RangeForm({ value, onChange, children, label = 'Report period' }: DateRangeFilterProps) {
  const [draft, setDraft] = useState<Draft>({
    startDate: value.startDate ?? null,
    endDate: value.endDate ?? null,
  });
  // A back-to-front range from the address is explained at once; a typed one when it is submitted.
  const [error, setError] = useState<string | null>(rangeInOrder(value) ? null : END_MESSAGE);

  // A back-to-front range is applied too, so the report shows the error and no data: the last period's report
  // must not stay on screen under dates that say something else (issue 36). The remounted form explains it.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const range = { startDate: draft.startDate ?? undefined, endDate: draft.endDate ?? undefined };
    setError(rangeInOrder(range) ? null : END_MESSAGE);
    onChange(range);
  };

  return (
    <form onSubmit={submit} aria-label={label} role="search" noValidate>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <DateField
          label="Start date"
          value={draft.startDate}
          onChange={(startDate) => setDraft((d) => ({ ...d, startDate }))}
          {...pickerProps}
        />
        <DateField
          label="End date"
          value={draft.endDate}
          onChange={(endDate) => {
            setDraft((d) => ({ ...d, endDate }));
            setError(null);
          }}
          error={error}
          {...pickerProps}
        />
        {children}
        {/* Lined up with the fields, under their labels. */}
        <Button type="submit" mt={{ base: 0, xs: 25 }} w={{ base: '100%', xs: 'auto' }}>
          Filter
        </Button>
      </Group>
    </form>
  );
}

/**
 * Start and end date of a report (both optional, Johannesburg days) and a Filter button: submitting puts
 * the range in the address; an end before the start is refused under the end date, in plain words, and the
 * report shows no data for it. Back and reload show the range the address holds.
 */
export function DateRangeFilter(props: DateRangeFilterProps) {
  // Remounted when the address changes (back, forward, a link), so the fields show what is applied.
  return <RangeForm key={`${props.value.startDate ?? ''}|${props.value.endDate ?? ''}`} {...props} />;
}
