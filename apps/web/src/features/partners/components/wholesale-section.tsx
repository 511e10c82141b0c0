import '@mantine/dates/styles.css';

import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { monthInSentence, wholesaleBody, type WholesalePurchase } from '@bloomline/contract';

import { useIdempotencyKey } from '@/api/idempotency';
import {
  ApiForm,
  DateText,
  Money,
  MoneyInput,
  moneyValue,
  PagedTable,
  todayInJohannesburg,
  typedNumbersSchema,
  useApiForm,
  type DataColumn,
} from '@/ui';

import { DateField } from '@/ui/date-input';
import { partnerKeys } from '@/lib/query-keys';

import { addWholesale, useClosedMonths, useWholesale } from '../api/wholesale';

export const WHOLESALE_TITLE = 'Wholesale purchases';

type Values = { date: string | null; description: string; amount: string };
const toBody = (values: Values) => ({
  date: values.date ?? '',
  description: values.description,
  amount: moneyValue(values.amount),
});
const schema = typedNumbersSchema(wholesaleBody, toBody, { amount: 'money' });

const columns: DataColumn<WholesalePurchase>[] = [
  { key: 'date', header: 'Date', render: (w) => <DateText value={w.date} format="date" /> },
  { key: 'description', header: 'Description', render: (w) => w.description },
  { key: 'amount', header: 'Deduction', align: 'right', render: (w) => <Money value={-w.amount} /> },
  {
    key: 'settled',
    header: 'Settled',
    render: (w) => (w.settled ? 'Taken off a payout' : 'Not yet'),
  },
];

/**
 * The partner's wholesale purchases (issue 35): stock bought through the marketplace, deducted from their pay
 * on that month's statement and settled by the next payout. Staff add one here.
 */
export function WholesaleSection({ partnerId }: { partnerId: number }) {
  const heading = useId();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const purchases = useWholesale(partnerId, page);
  const today = todayInJohannesburg();
  // The form stays for the next purchase: a new key after each one recorded.
  const once = useIdempotencyKey();
  // No day in a closed month is offered (issue 46); the server refuses one under the field all the same.
  const closed = useClosedMonths().data;
  const controller = useApiForm<Values, WholesalePurchase>({
    initialValues: { date: today, description: '', amount: '' },
    schema,
    submit: (values) => addWholesale(partnerId, toBody(values), once.key),
    guardUnsaved: false,
    onSuccess: async () => {
      once.renew();
      controller.form.reset();
      setPage(1);
      await queryClient.invalidateQueries({ queryKey: partnerKeys.wholesale(partnerId) });
    },
  });
  const { form } = controller;

  return (
    <Paper
      component="section"
      aria-labelledby={heading}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      mt="md"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={heading}>
          {WHOLESALE_TITLE}
        </Title>
        <Text size="sm" c="dimmed">
          Each purchase is a deduction on the partner’s statement for its month.
        </Text>
        <ApiForm
          controller={controller}
          label="Add a wholesale purchase"
          actions={
            <Group justify="flex-end">
              <Button type="submit" loading={controller.pending} w={{ base: '100%', xs: 'auto' }}>
                Add purchase
              </Button>
            </Group>
          }
        >
          <Group align="flex-start" gap="sm" wrap="wrap">
            <DateField
              label="Date"
              required
              minDate={closed?.firstOpenDay}
              maxDate={today}
              description={
                closed ? `Months before ${monthInSentence(closed.firstOpenMonth)} are closed.` : undefined
              }
              w={{ base: '100%', xs: 170 }}
              {...form.getInputProps('date')}
            />
            <TextInput
              label="Description"
              required
              w={{ base: '100%', xs: 260 }}
              {...form.getInputProps('description')}
            />
            <MoneyInput
              label="Amount"
              required
              w={{ base: '100%', xs: 150 }}
              {...form.getInputProps('amount')}
            />
          </Group>
        </ApiForm>
        <PagedTable
          columns={columns}
          rowKey={(w) => w.id}
          query={purchases}
          onPage={setPage}
          empty="No wholesale purchases."
          caption={WHOLESALE_TITLE}
          minWidth={560}
        />
      </Stack>
    </Paper>
  );
}
