// The date pickers' styles load with the screens that show one (main.tsx has Mantine's core styles).
import '@mantine/dates/styles.css';

import { Button, Group, Stack } from '@mantine/core';

import { Dialog, FormError, useApiForm } from '@/ui';
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
  const controller = useApiForm({
    // Named as the request's field, so a 422 on it shows under the date.
    initialValues: { deliveryDate: current },
    // A 409 is the order moving on: its notice, and the dialog closes as after a change.
    submit: ({ deliveryDate }) => runWorkflow(() => update.mutateAsync(deliveryDate ?? '')),
    onSuccess: onClose,
    // The order's page shows the new date; a dialog of one field has nothing to guard.
    confirmation: false,
    guardUnsaved: false,
  });
  const { form, pending } = controller;
  const date = form.getValues().deliveryDate;

  return (
    <form
      onSubmit={(event) => {
        // The call fires only when a date is set (part 1, point 5).
        if (date && !pending) controller.onSubmit(event);
        else event.preventDefault();
      }}
    >
      <Stack gap="sm">
        <DateField
          label="Delivery date"
          valueFormat="ddd DD MMM YYYY"
          {...form.getInputProps('deliveryDate')}
          data-autofocus
        />
        <FormError error={controller.formError} />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!date} loading={pending}>
            Update
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
