import { Button, Text } from '@mantine/core';
import { IconUserCog } from '@tabler/icons-react';
import { useState } from 'react';

import { customerListQuery, type CustomerListItem } from '@bloomline/contract';

import {
  actionsColumn,
  DeleteAction,
  EMPTY_TEXT,
  ListPage,
  RecordHistoryLink,
  useListParams,
  type DataColumn,
} from '@/ui';

import { useDeleteCustomer } from '../api/delete-customer';
import { useCustomers } from '../api/get-customers';
import { ChangePartnerDialog } from '../components/change-partner-dialog';

/** /customers: search and page live in the query string (q, page). */
export function CustomerListPage() {
  const { params, update } = useListParams(customerListQuery);
  const customers = useCustomers(params);
  const remove = useDeleteCustomer();
  const [changing, setChanging] = useState<CustomerListItem | null>(null);

  const columns: DataColumn<CustomerListItem>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (c) => (
        <Text size="sm" fw={500}>
          {c.name}
        </Text>
      ),
    },
    { key: 'email', header: 'Email', render: (c) => c.email ?? EMPTY_TEXT, visibleFrom: 'sm' },
    { key: 'phone', header: 'Phone', render: (c) => c.phone ?? EMPTY_TEXT, visibleFrom: 'md' },
    {
      key: 'companies',
      header: 'Companies',
      render: (c) => (c.companies.length ? c.companies.map((co) => co.name).join(', ') : EMPTY_TEXT),
      visibleFrom: 'md',
    },
    { key: 'partner', header: 'Partner', render: (c) => c.partner?.name ?? EMPTY_TEXT },
    actionsColumn((c) => (
      <>
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconUserCog size={14} aria-hidden />}
          aria-label={`Change partner of ${c.name}`}
          onClick={() => setChanging(c)}
        >
          Change partner
        </Button>
        <RecordHistoryLink type="customer" id={c.id} name={c.name} compact />
        <DeleteAction name={c.name} onConfirm={() => remove.mutateAsync(c.id)} />
      </>
    )),
  ];

  return (
    <>
      <ListPage
        title="Customers"
        search={{
          value: params.q ?? '',
          onSearch: (q) => update({ q }),
          label: 'Search customers',
        }}
        columns={columns}
        rows={customers.data?.data}
        rowKey={(c) => c.id}
        query={customers}
        meta={customers.data?.meta}
        onPage={(page) => update({ page })}
        minWidth={0}
      />
      <ChangePartnerDialog customer={changing} onClose={() => setChanging(null)} />
    </>
  );
}
