import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled group of a long form's fields (business, address, bank …), a landmark named by its title. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}
