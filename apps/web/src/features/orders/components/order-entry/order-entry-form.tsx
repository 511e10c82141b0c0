import { Grid, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { paths } from '@/lib/paths';
import { ApiForm, useApiForm, useGoBack } from '@/ui';
import { orderKeys } from '@/lib/query-keys';

import { createOrder } from '../../api/create-order';
import { CustomerFields } from './customer-fields';
import { DeliveryFields } from './delivery-fields';
import { EntryTotals } from './entry-totals';
import { entrySchema, initialEntry, toBody } from './entry-values';
import { LineFields } from './line-fields';
import { RecipientFields } from './recipient-fields';

/**
 * An order taken by phone (issue 34): customer, recipient and place, delivery, items, and the totals as they
 * stand. Every rule is the contract's, refused under its field as it is left and on Save; Save leads to the new
 * order's page, which says "Saved.".
 */
export function OrderEntryForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const goBack = useGoBack(paths.orders.list('unassigned'));
  const controller = useApiForm({
    initialValues: initialEntry(),
    schema: entrySchema,
    submit: (values) => createOrder(toBody(values)),
    onSuccess: async (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: orderKeys.dashboard() }),
      ]);
      await navigate(paths.order(order.id), { replace: true });
    },
  });
  const { form } = controller;
  return (
    <ApiForm
      controller={controller}
      label="New order"
      buttons={{ submitLabel: 'Save order', onCancel: goBack }}
    >
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <CustomerFields form={form} />
            <RecipientFields form={form} />
            <DeliveryFields form={form} />
            <LineFields form={form} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <div style={{ position: 'sticky', top: 80 }}>
            <EntryTotals values={form.getValues()} />
          </div>
        </Grid.Col>
      </Grid>
    </ApiForm>
  );
}
