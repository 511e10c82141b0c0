import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';

import { paths } from '@/lib/paths';

/** Staff's way to an order taken by phone (issue 34), beside the title of the dashboard and every order list. */
export function NewOrderButton() {
  return (
    <Button component={Link} to={paths.orders.new} leftSection={<IconPlus size={16} aria-hidden />}>
      New order
    </Button>
  );
}
