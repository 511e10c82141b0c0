import { Center, Loader } from '@mantine/core';

/** Full-height centred spinner (start-up splash, lazy routes). */
export function LoadingScreen() {
  return (
    <Center mih="100vh">
      <Loader role="status" aria-label="Loading" />
    </Center>
  );
}
