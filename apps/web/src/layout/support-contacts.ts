import { useQuery } from '@tanstack/react-query';

import type { AppConfig } from '@bloomline/contract';

import { useAfterFirstScreen } from '@/lib/after-first-screen';
import { appConfigQuery } from '@/api/app-config';

/** A phone number as a link's address: `tel:+27215550100`. */
export const telHref = (phone: string) => `tel:${phone.replace(/\s+/g, '')}`;

/**
 * The app's configuration (the support contacts), asked for once the first screen is shown: the header, the
 * greeting's menu, the small screens' Menu and the footer read it, each re-rendering alone when it arrives.
 */
export function useSupportContacts(): AppConfig | undefined {
  const shown = useAfterFirstScreen();
  return useQuery({ ...appConfigQuery, enabled: shown }).data;
}
