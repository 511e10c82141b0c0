import { resourceKeys } from '@/lib/query-keys';

/** Out-of-office periods: one list per partner. */
export const offlineTimeKeys = resourceKeys<{ partnerId: number }>('offline-times');
