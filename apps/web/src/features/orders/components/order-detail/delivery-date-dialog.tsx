// The date pickers' styles load with the screens that show one (main.tsx has Mantine's core styles).
import '@mantine/dates/styles.css';

import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';

import type { ErrorBag } from '@bloomline/contract';

import { isApiError } from '@/api/client';
import { Dialog, FormError, errorMessage, fieldError } from '@/ui';
import { DateField } from '@/ui/date-input';

import { useUpdateDeliveryDate } from '../../api/update-delivery-date';
import { runWorkflow } from '../workflow/run-workflow';

export const DELIVERY_DATE_DIALOG_TITLE = 'Create / Update delivery date';

export type DeliveryDateDialogProps = {
  opened: boolean;
  onClose: () => void;
  orderId: number;
  current: string | null;
};

export function DeliveryDateDialog({ opened, onClose, orderId, current }: DeliveryDateDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={DELIVERY_DATE_DIALOG_TITLE} centered>
      {opened && <DeliveryDateForm orderId={orderId} current={current} onClose={onClose} />}
    </Dialog>
  );
}

function DeliveryDateForm({ orderId, current, onClose }: Omit<DeliveryDateDialogProps, 'opened'>) {
  const update = useUpdateDeliveryDate(orderId);
  const [date, setDate] = useState<string | null>(current);
  const [bag, setBag] = useState<ErrorBag | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    // The call fires only when a date is set (part 1, point 5).
    if (!date || update.isPending) return;
    setBag(null);
    setFailure(null);
    try {
      await runWorkflow(() => update.mutateAsync(date));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 422) setBag(error.errors);
      else setFailure(errorMessage(error));
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <DateField
          label="Delivery date"
          value={date}
          onChange={setDate}
          valueFormat="ddd DD MMM YYYY"
          error={fieldError(bag, 'deliveryDate')}
          data-autofocus
        />
        <FormError error={failure} />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!date} loading={update.isPending}>
            Update
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
