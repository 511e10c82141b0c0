import { Grid, Paper, Skeleton, Stack } from '@mantine/core';

export function OrderDetailSkeleton() {
  return (
    <Stack gap="md" role="status" aria-label="Loading the order" aria-busy="true">
      <Skeleton height={32} width={220} />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            {[120, 200, 200].map((h, i) => (
              <Paper key={i} withBorder p="md" radius="md">
                <Skeleton height={h} />
              </Paper>
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            {[220, 140].map((h, i) => (
              <Paper key={i} withBorder p="md" radius="md">
                <Skeleton height={h} />
              </Paper>
            ))}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
