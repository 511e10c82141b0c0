import { Group, Text } from '@mantine/core';

import classes from './logo.module.css';

/** The flower and the wordmark; `compact`: the wordmark gives way on the narrowest phones (the app's header). */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width="30" height="30" viewBox="0 0 64 64" aria-hidden="true">
        <g fill="#be4bdb">
          <circle cx="32" cy="18" r="10" />
          <circle cx="46" cy="30" r="10" />
          <circle cx="40" cy="46" r="10" />
          <circle cx="24" cy="46" r="10" />
          <circle cx="18" cy="30" r="10" />
        </g>
        <circle cx="32" cy="33" r="8" fill="#fcc419" />
      </svg>
      <Text fw={700} fz="lg" c="grape.9" className={compact ? classes.narrowHidden : undefined}>
        Bloomline
      </Text>
    </Group>
  );
}
