import { Anchor, Button, Text } from '@mantine/core';
import { Link } from 'react-router';

import { returnListQuery, type ReturnListItem } from '@bloomline/contract';

import { actionsColumn, DateText, EMPTY_TEXT, ListPage, useListParams, type DataColumn } from '@/ui';
import { paths } from '@/lib/paths';

import { useReturns } from '../api/get-returns';
import { ClaimStatusBadge } from '../components/claim-badges';
import { ClaimStateFilter } from '../components/claim-state-filter';

export const RETURNS_TITLE = 'Returns';

const columns: DataColumn<ReturnListItem>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (r) => (
      <Text size="sm" fw={500}>
        {r.name}
      </Text>
    ),
  },
  {
    key: 'order',
    header: 'Order',
    render: (r) => (
      <Anchor component={Link} to={paths.order(r.order.id)} size="sm">
        {r.order.name}
      </Anchor>
    ),
  },
  { key: 'status', header: 'Status', render: (r) => <ClaimStatusBadge status={r.status} /> },
  { key: 'lineCount', header: 'Line count', align: 'right', render: (r) => r.lineCount },
  { key: 'responsible', header: 'Responsible', render: (r) => r.responsible ?? EMPTY_TEXT },
  { key: 'created', header: 'Date', render: (r) => <DateText value={r.createdAt} format="date" /> },
  actionsColumn((r) => (
    <Button
      component={Link}
      to={paths.return(r.id)}
      size="compact-sm"
      variant="default"
      aria-label={`View ${r.name}`}
    >
      View
    </Button>
  )),
];

/** /orders/returns: search (return or order name) and page live in the address. */
export function ReturnListPage() {
  const { params, update } = useListParams(returnListQuery);
  const returns = useReturns(params);

  return (
    <ListPage
      title={RETURNS_TITLE}
      search={{
        value: params.q ?? '',
        onSearch: (q) => update({ q }),
        label: 'Search returns by return or order name',
      }}
      columns={columns}
      rows={returns.data?.data}
      rowKey={(r) => r.id}
      query={returns}
      meta={returns.data?.meta}
      onPage={(page) => update({ page })}
      minWidth={720}
    >
      <ClaimStateFilter
        label="Show returns"
        value={params.status}
        onChange={(status) => update({ status, page: undefined })}
      />
    </ListPage>
  );
}
