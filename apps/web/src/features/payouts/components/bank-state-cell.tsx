import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

import type { PayoutDue } from '@bloomline/contract';

import { paths } from '@/lib/paths';

/**
 * The payouts list's bank column (issue 46): confirmed details are paid; incomplete ones or a change awaiting a
 * second user's confirmation hold the partner, with a link to the partner's page where that is done.
 */
export function BankStateCell({ due }: { due: PayoutDue }) {
  if (due.bankState === 'ready')
    return (
      <Text span size="sm">
        Confirmed
      </Text>
    );
  const to = paths.partners.edit(due.partner.id);
  return (
    <Anchor component={Link} to={to} size="sm" {...(due.bankState === 'incomplete' ? { c: 'red.9' } : {})}>
      {due.bankState === 'incomplete' ? 'Incomplete: add them' : 'Awaiting confirmation: held'}
    </Anchor>
  );
}
