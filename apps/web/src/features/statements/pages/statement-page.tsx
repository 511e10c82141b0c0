import { Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';

import { monthField, monthName } from '@bloomline/contract';

import { paths } from '@/lib/paths';
import { useUser } from '@/session/session-context';
import { DownloadButton, PageTitle, QueryError } from '@/ui';

import { ownerQuery, statementPdfPath, useStatement } from '../api/get-statements';
import { StatementEntryCard } from '../components/statement-entry';
import { StatementFigures } from '../components/statement-figures';
import { NoStatements, NoSuchMonth } from '../components/statement-notices';
import { orderOf, StatementSortControl, type StatementOrder } from '../components/statement-sort';
import { canRead, useStatementViewer } from '../components/use-statement-owner';
import { MONTHLY_TITLE, usePartnerCrumbs } from './statements-page';

/** The month in the address, when it is one a statement exists for (YYYY-MM, not after this month). */
export const validMonth = (month: string | undefined): month is string =>
  monthField().safeParse(month).success;

export const statementTitle = (month: string) => `Statement for ${monthName(month)}`;

/**
 * /statements/{Y-MM}: the month's five figures with their explanations, Download Statement (the detailed PDF,
 * in the screen's order), the sort (in the address: `s`, `d`; Order no, descending by default) and every
 * entry laid out for its type. With the statements feature off the month is its orders page.
 */
export function StatementPage() {
  const user = useUser();
  const { month = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const viewer = useStatementViewer();
  const order = orderOf(params);
  const pending = useRef<StatementOrder | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [order.s, order.d]);
  const valid = validMonth(month);
  const readable = canRead(viewer) && valid && user.features.statements;
  const statement = useStatement({ month, ...order, partnerId: viewer.partnerId }, readable);
  const crumbs = usePartnerCrumbs(viewer, statement.data?.meta.partner.name);
  const title = valid ? statementTitle(month) : 'Statement';

  if (!canRead(viewer)) return <NoStatements title={title} viewer={viewer} />;
  if (!valid) return <NoSuchMonth title={title} search={viewer.search} />;
  if (!user.features.statements)
    return <Navigate to={`${paths.statements.orders(month)}${viewer.search}`} replace />;

  // A change builds on the last one asked for: the router renders the new address later (a transition), and
  // two quick changes must not undo each other.
  const sortBy = (change: Partial<StatementOrder>) => {
    const next = { ...(pending.current ?? order), ...change };
    pending.current = next;
    const updated = new URLSearchParams(params);
    updated.set('s', next.s);
    updated.set('d', next.d);
    setParams(updated, { replace: true });
  };

  const entries = statement.data?.data;
  let body;
  if (statement.isError) {
    body = <QueryError query={statement} />;
  } else if (!entries) {
    body = (
      <Group justify="center" py="xl">
        <Loader role="status" aria-label="Loading the statement" />
      </Group>
    );
  } else if (entries.length === 0) {
    body = (
      <Paper withBorder radius="md" p="lg">
        <Text ta="center">Nothing on this statement: no orders, payments or deductions this month.</Text>
      </Paper>
    );
  } else {
    body = (
      <Stack
        component="ul"
        gap="sm"
        m={0}
        p={0}
        aria-label="Entries"
        aria-busy={statement.isPlaceholderData || undefined}
        style={{ opacity: statement.isPlaceholderData ? 0.6 : 1 }}
      >
        {entries.map((entry) => (
          <StatementEntryCard key={entry.key} entry={entry} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageTitle
        title={title}
        breadcrumbs={[
          ...(crumbs ?? []),
          { label: MONTHLY_TITLE, to: `${paths.statements.list}${viewer.search}` },
          { label: title },
        ]}
        actions={
          <DownloadButton
            path={statementPdfPath(month, 'detail')}
            query={{ ...order, ...ownerQuery(viewer) }}
            fallbackName={`statement-${month}-detail.pdf`}
          >
            Download Statement
          </DownloadButton>
        }
      />
      <StatementFigures totals={statement.data?.meta.totals} />
      <StatementSortControl order={order} onChange={sortBy} />
      {body}
    </Stack>
  );
}
