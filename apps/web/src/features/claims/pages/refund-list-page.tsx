import { Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';

import { refundListQuery } from '@bloomline/contract';

import { NOTHING_FOUND, PageTitle, Pager, QueryError, SearchInput, useListParams } from '@/ui';

import { useRefunds } from '../api/get-refunds';
import { ClaimStateFilter } from '../components/claim-state-filter';
import { RefundCard } from '../components/refund-card';

export const REFUNDS_TITLE = 'Refunds';

/**
 * /orders/refunds: the refund cards, newest first, a page at a time; search (refund or order name) and open or
 * processed live in the address with the page.
 */
export function RefundListPage() {
  const { params, update } = useListParams(refundListQuery);
  const refunds = useRefunds({ page: params.page, q: params.q, status: params.status });
  const cards = refunds.data?.data;

  let body;
  if (refunds.isError && !cards) {
    body = <QueryError query={refunds} />;
  } else if (!cards) {
    body = (
      <Center py="xl">
        <Loader role="status" aria-label="Loading" />
      </Center>
    );
  } else if (cards.length === 0) {
    body = (
      <Paper withBorder radius="md" p="md">
        <Text>{NOTHING_FOUND}</Text>
      </Paper>
    );
  } else {
    body = (
      <Stack
        component="ul"
        aria-label={REFUNDS_TITLE}
        aria-busy={refunds.isPlaceholderData || undefined}
        gap="md"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {cards.map((refund) => (
          <li key={refund.id}>
            <RefundCard refund={refund} />
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageTitle title={REFUNDS_TITLE} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchInput
          value={params.q ?? ''}
          onSearch={(q) => update({ q, page: undefined })}
          label="Search refunds by refund or order name"
        />
        <ClaimStateFilter
          label="Show refunds"
          value={params.status}
          onChange={(status) => update({ status, page: undefined })}
        />
      </Group>
      {refunds.isError && cards && <QueryError query={refunds} />}
      {body}
      <Pager meta={refunds.data?.meta} onPage={(page) => update({ page })} />
    </Stack>
  );
}
