import { Paper, Skeleton, Stack } from '@mantine/core';

export function OrderListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading orders" role="status">
      {Array.from({ length: rows }, (_, i) => (
        <Paper key={i} withBorder p="md" radius="md">
          <Skeleton height={14} width="40%" mb={8} />
          <Skeleton height={12} width="70%" />
        </Paper>
      ))}
    </Stack>
  );
}
