import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';

import { partnerChoices, partnerLookupQuery } from '@/api/lookups/partners';
import { cameFrom, PageTitle, RemoteSelect } from '@/ui';
import { paths } from '@/lib/paths';

import type { StatementViewer } from './use-statement-owner';

/**
 * What a screen shows when there is no statement to read: a partner user without the partnerStatements
 * permission sees nothing of them (no call is made); staff without a partner choose one.
 */
export function NoStatements({ title, viewer }: { title: string; viewer: StatementViewer }) {
  const { pathname, search } = useLocation();
  return (
    <Stack gap="md">
      <PageTitle title={title} />
      {viewer.kind === 'no-partner' ? (
        <>
          <Text>
            Statements belong to a partner: choose one here or open them from the partner’s page in{' '}
            <Anchor component={Link} to={paths.partners.list} underline="always">
              Partners
            </Anchor>
            . To e-mail every partner last month’s statement, see{' '}
            <Anchor
              component={Link}
              to={paths.statements.monthEnd}
              state={cameFrom('Statements', `${pathname}${search}`)}
              underline="always"
            >
              Month-end statements
            </Anchor>
            .
          </Text>
          <PartnerPicker />
        </>
      ) : (
        <Text>Statements are not available to you.</Text>
      )}
    </Stack>
  );
}

/** Staff choose whose statements to read: the same screen, the partner in the address. */
function PartnerPicker() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <RemoteSelect
      label="Partner"
      placeholder="Search for a partner"
      value={null}
      onChange={(id) => {
        if (id) void navigate(`${pathname}?partner=${id}`);
      }}
      query={partnerLookupQuery}
      options={partnerChoices}
      limit={100}
      maw={420}
      loadError={() => 'Could not load the partners.'}
    />
  );
}

/** A month the address names that is not a statement month (not YYYY-MM, or still to come). */
export function NoSuchMonth({ title, search }: { title: string; search: string }) {
  return (
    <Stack gap="md">
      <PageTitle title={title} />
      <Text>
        There is no statement for this month.{' '}
        <Anchor component={Link} to={`${paths.statements.list}${search}`} underline="always">
          See the latest 12 months
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
