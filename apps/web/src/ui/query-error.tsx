import { Alert, Button, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

import { ALERT_TITLE_RED } from './contrast';
import { errorMessage } from './error-message';

export type QueryErrorProps = { error: unknown; onRetry: () => void; title?: string };

/** A failed load, with the reason and a Retry button. */
export function QueryError({ error, onRetry, title = 'Could not load' }: QueryErrorProps) {
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertCircle aria-hidden />}
      // Mantine's light red title is below 4.5:1 on its tint (see ALERT_TITLE_RED).
      styles={{ title: { color: ALERT_TITLE_RED } }}
    >
      <Text size="sm">{errorMessage(error)}</Text>
      <Button variant="default" size="xs" mt="sm" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}
