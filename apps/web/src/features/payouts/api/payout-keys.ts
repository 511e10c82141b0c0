import type { PayoutRunListQuery } from '@bloomline/contract';

import { resourceKeys } from '@/lib/query-keys';

/** What the payouts' history is asked for. */
export type PayoutRunParams = Partial<Pick<PayoutRunListQuery, 'page'>>;

export const payoutKeys = resourceKeys<PayoutRunParams>('payouts');
/** What is due up to a day: its own key under the payouts', so a payout made empties it too. */
export const dueKey = (upTo: string) => [...payoutKeys.all, 'due', upTo] as const;
