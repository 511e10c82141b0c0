import { Button, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';

import { formatCount, monthName, type StatementMonth } from '@bloomline/contract';

import { usePartnerLookup } from '@/api/lookups/partners';
import { paths } from '@/lib/paths';
import { useUser } from '@/session/session-context';
import { actionsColumn, DownloadButton, ListPage, type Breadcrumb, type DataColumn } from '@/ui';

import { statementPdfPath, useStatementMonths } from '../api/get-statements';
import { NoStatements } from '../components/statement-notices';
import { canRead, useStatementViewer, type StatementViewer } from '../components/use-statement-owner';

export const MONTHLY_TITLE = 'Monthly Statements';
export const SIMPLE_TITLE = 'Statements';

/** What the two counts mean (part 2: the feature's description), to the partner user or of the partner. */
export const monthsDescription = (who: 'you' | 'the partner') =>
  `Orders received shows only the orders ${who} received in the month. Orders Sent shows only the ` +
  `in-store (relay) orders ${who} placed in the month.`;
export const MONTHS_DESCRIPTION = monthsDescription('you');

/** Staff's way back: the partner's page, named when the partners list knows it. */
export function usePartnerCrumbs(viewer: StatementViewer, known?: string): Breadcrumb[] | null {
  const partners = usePartnerLookup('', viewer.kind === 'staff' && !known);
  if (viewer.kind !== 'staff') return null;
  const name = known ?? partners.data?.find((p) => p.id === viewer.partnerId)?.name ?? 'Partner';
  return [
    { label: 'Partners', to: paths.partners.list },
    { label: name, to: paths.partners.edit(viewer.partnerId) },
  ];
}

/** The query a PDF is asked with: staff name the partner. */
const pdfQuery = (viewer: StatementViewer) =>
  viewer.partnerId === null ? undefined : { partner_id: viewer.partnerId };

function pdfButtons(row: StatementMonth, viewer: StatementViewer) {
  const name = monthName(row.month);
  return (
    <>
      <DownloadButton
        path={statementPdfPath(row.month, 'detail')}
        query={pdfQuery(viewer)}
        fallbackName={`statement-${row.month}-detail.pdf`}
        size="compact-sm"
        aria-label={`Detailed PDF of ${name}`}
      >
        Detailed PDF
      </DownloadButton>
      <DownloadButton
        path={statementPdfPath(row.month, 'summary')}
        query={pdfQuery(viewer)}
        fallbackName={`statement-${row.month}-summary.pdf`}
        size="compact-sm"
        aria-label={`Summary PDF of ${name}`}
      >
        Summary PDF
      </DownloadButton>
    </>
  );
}

function viewButton(to: string, label: string, name: string) {
  return (
    <Button
      component={Link}
      to={to}
      size="compact-sm"
      variant="default"
      leftSection={<IconEye size={14} aria-hidden />}
      aria-label={`${label} ${name}`}
    >
      {label}
    </Button>
  );
}

const periodColumn: DataColumn<StatementMonth> = {
  key: 'month',
  header: 'Statement period',
  render: (row) => (
    <Text size="sm" fw={500}>
      {monthName(row.month)}
    </Text>
  ),
};
const sentColumn: DataColumn<StatementMonth> = {
  key: 'sent',
  header: 'Orders Sent',
  align: 'right',
  render: (row) => formatCount(row.ordersSent),
};

/**
 * /statements: the latest 12 months, from the current one back. With the statements feature on, "Monthly
 * Statements" with View, Detailed PDF and Summary PDF per month; off, the simple "Statements" table whose
 * View orders leads to the month's orders and their Total on pay. A partner user without the permission
 * sees nothing; staff read the partner in `?partner=<id>`.
 */
export function StatementsPage() {
  const user = useUser();
  const viewer = useStatementViewer();
  const full = user.features.statements;
  const title = full ? MONTHLY_TITLE : SIMPLE_TITLE;
  const months = useStatementMonths({ partnerId: viewer.partnerId }, canRead(viewer));
  const crumbs = usePartnerCrumbs(viewer);
  if (!canRead(viewer)) return <NoStatements title={title} viewer={viewer} />;

  const columns: DataColumn<StatementMonth>[] = full
    ? [
        { ...periodColumn, header: 'Month' },
        {
          key: 'received',
          header: 'Orders received',
          align: 'right',
          render: (row) => formatCount(row.ordersReceived),
        },
        sentColumn,
        actionsColumn((row) => (
          <>
            {viewButton(`${paths.statements.month(row.month)}${viewer.search}`, 'View', monthName(row.month))}
            {pdfButtons(row, viewer)}
          </>
        )),
      ]
    : [
        periodColumn,
        sentColumn,
        actionsColumn((row) =>
          viewButton(
            `${paths.statements.orders(row.month)}${viewer.search}`,
            'View orders',
            monthName(row.month),
          ),
        ),
      ];

  return (
    <ListPage
      title={title}
      breadcrumbs={crumbs ? [...crumbs, { label: title }] : undefined}
      notice={
        full ? (
          <Text size="sm">{monthsDescription(viewer.kind === 'staff' ? 'the partner' : 'you')}</Text>
        ) : undefined
      }
      columns={columns}
      rows={months.data}
      rowKey={(row) => row.month}
      query={months}
      caption={full ? 'Monthly statements' : 'Statements'}
      minWidth={full ? 760 : 420}
    />
  );
}
