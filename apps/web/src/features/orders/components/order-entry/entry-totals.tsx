import { Group, Paper, Stack, Text } from '@mantine/core';

import { Money } from '@/ui';

import { entryTotals, type EntryValues } from './entry-values';

/** The order's value as it stands, worked out by the contract's money function as staff type. */
export function EntryTotals({ values }: { values: EntryValues }) {
  const totals = entryTotals(values);
  const row = (label: string, amount: number, strong = false) => (
    <Group justify="space-between" gap="md">
      <Text fw={strong ? 700 : 400}>{label}</Text>
      <Text fw={strong ? 700 : 400}>
        <Money value={amount} />
      </Text>
    </Group>
  );
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-label="Totals"
      aria-live="polite"
    >
      <Stack gap={4}>
        {row('Items', totals.lines)}
        {row('Delivery fee', totals.deliveryFee)}
        {row('Order total', totals.total, true)}
      </Stack>
    </Paper>
  );
}
