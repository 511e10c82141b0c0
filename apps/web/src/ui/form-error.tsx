import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

import { errorMessage } from './error-message';

export type FormErrorProps = {
  /** The failure to show (an ApiError, any Error or a message); nothing is shown without one. */
  error: unknown;
  title?: string;
};

/** The one place a form says that a submit failed for a reason that belongs to no field. */
export function FormError({ error, title }: FormErrorProps) {
  if (error === null || error === undefined || error === false || error === '') return null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={title}
      icon={<IconAlertCircle aria-hidden />}
      // Mantine's light red text is below 4.5:1 on its tint; red.9 passes axe.
      styles={{
        title: { color: 'var(--mantine-color-red-9)' },
        message: { color: 'var(--mantine-color-red-9)' },
      }}
    >
      {errorMessage(error)}
    </Alert>
  );
}
