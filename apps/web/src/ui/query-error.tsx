import { Alert, Button, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

import { ALERT_TITLE_RED } from './contrast';
import { errorMessage } from './error-message';
import type { QueryView } from './query-view';

export type QueryErrorProps = { query: Pick<QueryView, 'error' | 'refetch'>; title?: string };

/** A failed load: the query's reason and a Retry button that asks it again. */
export function QueryError({ query, title = 'Could not load' }: QueryErrorProps) {
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertCircle aria-hidden />}
      // Mantine's light red title is below 4.5:1 on its tint (see ALERT_TITLE_RED).
      styles={{ title: { color: ALERT_TITLE_RED } }}
    >
      <Text size="sm">{errorMessage(query.error)}</Text>
      <Button variant="default" size="xs" mt="sm" onClick={() => void query.refetch()}>
        Retry
      </Button>
    </Alert>
  );
}
