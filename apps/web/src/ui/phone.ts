import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (48em): a phone. Lists become cards, the pager shortens, targets grow. */
export const PHONE_QUERY = '(max-width: 47.99em)';

/** Whether the window is phone-sized, read at the first render (no flash of the desktop layout). */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
}
