import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

import { PageTitle } from '@/ui';
import { paths } from '@/lib/paths';

import type { StatementViewer } from './use-statement-owner';

/**
 * What a screen shows when there is no statement to read: a partner user without the partnerStatements
 * permission sees nothing of them (no call is made), staff without a partner are told where statements are.
 */
export function NoStatements({ title, viewer }: { title: string; viewer: StatementViewer }) {
  return (
    <Stack gap="md">
      <PageTitle title={title} />
      {viewer.kind === 'no-partner' ? (
        <Text>
          Statements belong to a partner. Open them from the partner’s page in{' '}
          <Anchor component={Link} to={paths.partners.list}>
            Partners
          </Anchor>
          , or send every partner last month’s statement from{' '}
          <Anchor component={Link} to={paths.statements.monthEnd}>
            Month-end statements
          </Anchor>
          .
        </Text>
      ) : (
        <Text>Statements are not available to you.</Text>
      )}
    </Stack>
  );
}

/** A month the address names that is not a statement month (not YYYY-MM, or still to come). */
export function NoSuchMonth({ title, search }: { title: string; search: string }) {
  return (
    <Stack gap="md">
      <PageTitle title={title} />
      <Text>
        There is no statement for this month.{' '}
        <Anchor component={Link} to={`${paths.statements.list}${search}`}>
          See the latest 12 months
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
