// The date pickers' styles load with the screens that show one (main.tsx has Mantine's core styles).
import '@mantine/dates/styles.css';

import { Checkbox, SimpleGrid } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import {
  offlineTimeCreateBody,
  offlineTimeUpdateBodyFor,
  todayInJohannesburg,
  type OfflineTime,
} from '@bloomline/contract';

import { invalidateResources, offlineTimeKeys } from '@/lib/query-keys';
import { ApiForm, FormButtons, useApiForm, useGoBack } from '@/ui';
import { paths } from '@/lib/paths';

import { saveOfflineTime } from '../api/save-offline-time';
import { DateField } from '@/ui/date-input';

export type OfflineTimeFormProps = {
  partnerId: number;
  /** `?partner=<id>` for staff, so the list they come back to is the same partner's. */
  search: string;
  /** The period edited; a new one without. */
  period?: OfflineTime;
};

/** The field values as the pickers hold them: 'YYYY-MM-DD', or null while none is chosen. */
type Values = { startDate: string | null; endDate: string | null; enabled?: boolean };

const dateProps = { required: true } as const;

/** Start and end date of an out-of-office period, and on edit whether it counts. */
export function OfflineTimeForm({ partnerId, search, period }: OfflineTimeFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const listPath = `${paths.partners.outOfOffice.list}${search}`;
  const goBack = useGoBack(listPath);
  const initialValues: Values = period
    ? { startDate: period.startDate, endDate: period.endDate, enabled: period.enabled }
    : { startDate: null, endDate: null };
  const controller = useApiForm({
    initialValues,
    // A start in the past is refused before sending, in the server's words (a stored one may stay).
    schema: period ? offlineTimeUpdateBodyFor(period.startDate) : offlineTimeCreateBody,
    submit: (values) => saveOfflineTime(partnerId, values, period?.id),
    onSuccess: async (saved) => {
      await invalidateResources(queryClient, [{ keys: offlineTimeKeys, id: `${partnerId}/${saved.id}` }]);
      await navigate(listPath, { replace: true });
    },
  });
  const { form } = controller;
  const { startDate } = form.getValues();
  const today = todayInJohannesburg();
  const earliestStart = period && period.startDate < today ? period.startDate : today;
  // On a phone the calendar opens as a dialog that closes once a day is picked, so it never hides the
  // field's error; on a wider screen it drops down beside the field.
  const phone = useMediaQuery('(max-width: 48em)');
  const dropdownType = phone ? ('modal' as const) : ('popover' as const);

  return (
    <ApiForm
      controller={controller}
      label={period ? 'Edit out-of-office period' : 'Add an out-of-office period'}
      actions={
        <FormButtons
          submitLabel={period ? 'Save' : 'Add'}
          cancelLabel="Cancel"
          onCancel={goBack}
          pending={controller.pending}
        />
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField
          label="Start date"
          data-autofocus
          minDate={earliestStart}
          dropdownType={dropdownType}
          {...dateProps}
          {...form.getInputProps('startDate')}
        />
        <DateField
          label="End date"
          minDate={startDate ?? earliestStart}
          dropdownType={dropdownType}
          {...dateProps}
          {...form.getInputProps('endDate')}
        />
      </SimpleGrid>
      {period && (
        <Checkbox
          label="Enabled"
          description="An enabled period keeps the partner out of reassignments for orders delivered on these dates."
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
      )}
    </ApiForm>
  );
}
