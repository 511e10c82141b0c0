import { Alert, Stack } from '@mantine/core';
import { useLocation } from 'react-router';

import { PageTitle } from '@/ui';

/** A screen of the menu whose area has not shipped yet: says so plainly instead of bouncing. */
export function NotBuiltPage() {
  const { pathname } = useLocation();
  return (
    <Stack>
      <PageTitle title="Coming soon" />
      <Alert color="blue" title="This screen is not available yet">
        {pathname} is part of an area that is still being built. Everything in the menu will open here once it
        ships.
      </Alert>
    </Stack>
  );
}
