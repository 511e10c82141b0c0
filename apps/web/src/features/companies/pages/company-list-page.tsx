import { Alert, Anchor, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';

import { Link } from 'react-router';

import { companyListQuery, XERO_NOT_CONNECTED_HINT, type CompanyListItem } from '@bloomline/contract';

import { paths } from '@/lib/paths';
import { useUser } from '@/session/session-context';
import {
  actionsColumn,
  EMPTY_TEXT,
  ListPage,
  errorMessage,
  RecordHistoryLink,
  useListParams,
  type DataColumn,
} from '@/ui';

import { useCompanies } from '../api/get-companies';
import { isNotConnected, useXeroContacts } from '../api/get-xero-contacts';
import { ContactPicker } from '../components/contact-picker';
import { COMPANY_FLAGS, FlagSwitch, type CompanyFlag } from '../components/flag-switch';

const flagColumn = (flag: CompanyFlag): DataColumn<CompanyListItem> => ({
  key: flag,
  header: COMPANY_FLAGS[flag].label,
  render: (c) => <FlagSwitch company={c} flag={flag} />,
});

/**
 * /companies: search and page in the query string; the flags change inline, and for users with manageXero
 * so does the accounting contact, picked from the accounting service's contacts once it is connected.
 */
export function CompanyListPage() {
  const { params, update } = useListParams(companyListQuery);
  const companies = useCompanies(params);
  const { manageXero, authenticateXero } = useUser().permissions;
  const contacts = useXeroContacts(manageXero);
  const notConnected = contacts.isError && isNotConnected(contacts.error);

  const columns: DataColumn<CompanyListItem>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (c) => (
        <Text size="sm" fw={500}>
          {c.name}
        </Text>
      ),
    },
    flagColumn('inStore'),
    flagColumn('avbob'),
    flagColumn('b2b'),
  ];
  if (manageXero)
    columns.push({
      key: 'xeroContact',
      header: 'Accounting contact',
      render: (c) =>
        contacts.data ? (
          <ContactPicker company={c} contacts={contacts.data} />
        ) : (
          <Text size="sm">{c.xeroContact?.Name || c.xeroContact?.ContactID || EMPTY_TEXT}</Text>
        ),
    });
  // A company has no page of its own: its row links to its audit entries (issue 36).
  columns.push(actionsColumn((c) => <RecordHistoryLink type="company" id={c.id} name={c.name} compact />));

  const notice =
    manageXero && contacts.isError ? (
      <Alert
        color={notConnected ? 'yellow' : 'red'}
        variant="light"
        role="status"
        title={notConnected ? XERO_NOT_CONNECTED_HINT : 'Could not load the accounting contacts.'}
        icon={<IconPlugConnectedX aria-hidden />}
        // Mantine's light tints put their own text below 4.5:1; the dark text passes axe.
        styles={{
          title: { color: 'var(--mantine-color-dark-9)' },
          message: { color: 'var(--mantine-color-dark-9)' },
        }}
      >
        {errorMessage(contacts.error)}
        {notConnected && authenticateXero && (
          <>
            {' '}
            <Anchor component={Link} to={paths.xero} underline="always" c="dark.9" fw={600}>
              Open the Xero page
            </Anchor>
            .
          </>
        )}
      </Alert>
    ) : null;

  return (
    <ListPage
      title="Companies"
      notice={notice}
      search={{ value: params.q ?? '', onSearch: (q) => update({ q }), label: 'Search companies' }}
      columns={columns}
      rows={companies.data?.data}
      rowKey={(c) => c.id}
      query={companies}
      meta={companies.data?.meta}
      onPage={(page) => update({ page })}
      minWidth={manageXero ? 920 : 660}
    />
  );
}
