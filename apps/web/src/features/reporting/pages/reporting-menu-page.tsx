import { Anchor, Card, List, Text } from '@mantine/core';
import { Link } from 'react-router';

import { paths } from '@/lib/paths';
import { cameFrom, PageTitle } from '@/ui';

/** The reports, in the spec's order (part 2, "Reporting (staff)"). */
export const REPORTS = [
  { to: paths.reporting.partnerOrders, label: 'Partner orders' },
  { to: paths.reporting.profitCentreRevenue, label: 'Profit centres revenue' },
  { to: paths.reporting.partnerSales, label: 'Sales by partner' },
  { to: paths.reporting.averageFulfillment, label: 'Average fulfillment time' },
  { to: paths.reporting.componentSales, label: 'Sales / Revenue by Component' },
  { to: paths.reporting.accounting, label: 'Accounting CSV' },
  { to: paths.reporting.collectionStatus, label: 'Collection status' },
] as const;

export function ReportingMenuPage() {
  return (
    <>
      <PageTitle title="Reporting" />
      <Card withBorder padding="md" component="nav" aria-label="Reports" maw={520}>
        <List spacing="sm" listStyleType="none">
          {REPORTS.map((r) => (
            <List.Item key={r.to}>
              <Anchor component={Link} to={r.to} fw={500}>
                {r.label}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Card>
      <Text mt="md" maw={520}>
        Partners&apos; monthly statements are e-mailed from{' '}
        <Anchor
          component={Link}
          to={paths.statements.monthEnd}
          state={cameFrom('Reporting', paths.reporting.home)}
          underline="always"
        >
          Month-end statements
        </Anchor>
        .
      </Text>
    </>
  );
}
